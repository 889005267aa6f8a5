// Registered areas whose pages every process of the run can map: the owner backs the whole pages of
// an area with a memory file at the same addresses and with the same contents, so that its program
// sees no difference; another process opens that file through /proc/<pid>/fd and maps it, and a
// large bsp_hpput or bsp_hpget then costs one memcpy instead of two copies (or a cross-memory read,
// which pins pages on every call).
//
// An ordinary program stays ordinary: a child the program forks gets private
// copies of the pages (fork handler), the file descriptors are close-on-exec
// and closed in such a child, and unshare_pages() puts private memory back
// at the same addresses with the same contents.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>

namespace superstep::shm {

// Backs [begin, begin + len) (page-aligned, len > 0) of this process with a
// shared memory file. False, and nothing changed, where the pages are not all
// private writable memory (a file the program mapped shared, read-only
// data), where they overlap an area shared already, or where the system
// refuses.
bool share_pages(void* begin, std::size_t len);

// Undoes share_pages for the area that starts at begin: private memory with
// the same contents again. Does nothing where nothing was shared there.
void unshare_pages(void* begin);

// Maps here the area that process os_pid shared at [begin, begin + len) of
// its own memory; nullptr where it has no such area or the system refuses.
char* map_peer_pages(pid_t os_pid, std::uint64_t begin, std::size_t len);
void unmap_peer_pages(char* local, std::size_t len);

}  // namespace superstep::shm
