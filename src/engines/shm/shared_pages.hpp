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

// Backs [begin, begin + upto) of the area [begin, begin + len) (page-aligned,
// 0 < upto <= len) of this process with the area's shared memory file: the
// first call for an area opens its file, later ones extend what is shared,
// so that a large area can be shared a part at a time. False where the pages
// are not all private writable memory (a file the program mapped shared,
// read-only data), where the area overlaps another one shared already, or
// where the system refuses: then the area stays shared as far as it was.
bool share_pages(void* begin, std::size_t len, std::size_t upto);

// Undoes share_pages for the area that starts at begin: private memory with
// the same contents again. Does nothing where nothing was shared there.
void unshare_pages(void* begin);

// Maps here the area that process os_pid shares at [begin, begin + len) of
// its own memory, whole, however far it is shared yet; nullptr where it has
// no such area or the system refuses.
char* map_peer_pages(pid_t os_pid, std::uint64_t begin, std::size_t len);
// How far from its start the owner shares the area mapped at `local` now:
// only that part may be touched.
std::size_t peer_pages_shared(const char* local);
void unmap_peer_pages(char* local, std::size_t len);

}  // namespace superstep::shm
