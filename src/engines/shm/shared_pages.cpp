#include "engines/shm/shared_pages.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

namespace superstep::shm {

namespace {

struct OwnArea {
  char* begin;
  std::size_t len;
  int fd;
  std::size_t shared;  // bytes from begin backed by the file so far
};
struct PeerMapping {
  char* local;
  std::size_t len;
  int fd;  // kept to read how far the owner shares the area
};

// Guarded for the fork handlers: a thread of the program may fork while the
// BSP thread shares or unshares.
std::mutex g_mutex;
std::vector<OwnArea> g_own;
std::vector<PeerMapping> g_peer;

void memfd_name(char* out, std::size_t size, std::uint64_t begin, std::size_t len) {
  std::snprintf(out, size, "superstep-area-%llx-%zx", static_cast<unsigned long long>(begin), len);
}

// One line of /proc/self/maps that overlaps the range asked for.
struct Mapping {
  std::uintptr_t lo, hi;  // the whole mapping, not clipped
  const char* perms;      // "rw-p" and the like
  const char* path;       // what is mapped, or "" (anonymous)
};

// Calls back, in address order, with each mapping that overlaps
// [begin, end), while the callback returns true. False where /proc/self/maps
// cannot be read.
template <typename Callback>
bool for_each_mapping(std::uintptr_t begin, std::uintptr_t end, Callback callback) {
  FILE* maps = std::fopen("/proc/self/maps", "re");
  if (!maps) return false;
  char line[4608];
  while (std::fgets(line, sizeof line, maps)) {
    unsigned long lo = 0, hi = 0;
    char perms[5] = {};
    int path_at = 0;
    if (std::sscanf(line, "%lx-%lx %4s %*s %*s %*s %n", &lo, &hi, perms, &path_at) < 3) continue;
    if (hi <= begin || lo >= end) continue;
    if (!callback(Mapping{lo, hi, perms, path_at ? line + path_at : ""})) break;
  }
  std::fclose(maps);
  return true;
}

// Whether every page of [begin, end) is private writable memory ("rw-p"):
// the heap, the stack, anonymous mappings, a program's data. A shared or
// read-only mapping keeps its own meaning.
bool private_writable(std::uintptr_t begin, std::uintptr_t end) {
  std::uintptr_t covered = begin;
  for_each_mapping(begin, end, [&](const Mapping& m) {
    if (m.lo > covered || std::strcmp(m.perms, "rw-p") != 0) return false;
    covered = m.hi;
    return covered < end;
  });
  return covered >= end;
}

// Calls back with each part of [begin, end) still mapped from the memory
// file `name` (the program may have unmapped some of it: freed a registered
// buffer before the sync that pops it).
template <typename Callback>
void for_each_part_mapped_from(const char* name, std::uintptr_t begin, std::uintptr_t end,
                               Callback callback) {
  std::size_t n = std::strlen(name);
  for_each_mapping(begin, end, [&](const Mapping& m) {
    if (std::strncmp(m.path, "/memfd:", 7) == 0 && std::strncmp(m.path + 7, name, n) == 0 &&
        m.path[7 + n] == ' ')
      callback(std::max(m.lo, begin), std::min(m.hi, end));
    return true;
  });
}

// Areas are converted and given back this much at a time, so that the
// memory of a large area is never held twice at once.
constexpr std::size_t kChunk = std::size_t{64} << 20;

// Puts private memory back at [begin, +len) with the contents the pages have
// in the area's file at `offset`. Read from the file, not from the
// addresses: the program may have freed the buffer (its allocator keeps the
// pages, a sanitizer's poisons them), and what we keep must be what is there.
// `release`: free the file's pages as they are copied (not in a forked
// child, whose parent still uses them).
void privatize(char* begin, std::size_t len, int fd, off_t offset, bool release) {
  for (std::size_t at = 0; at < len; at += kChunk) {
    std::size_t n = std::min(kChunk, len - at);
    void* copy = mmap(nullptr, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (copy == MAP_FAILED) {
      std::fprintf(stderr, "superstep: cannot make memory private again: out of memory\n");
      std::abort();
    }
    off_t from = offset + static_cast<off_t>(at);
    for (std::size_t done = 0; done < n;) {
      ssize_t got =
          pread(fd, static_cast<char*>(copy) + done, n - done, from + static_cast<off_t>(done));
      if (got <= 0) break;  // cannot happen for a file of this size: the rest stays zero
      done += static_cast<std::size_t>(got);
    }
    // Replaces the shared pages in one step: no moment without memory there.
    mremap(copy, n, n, MREMAP_MAYMOVE | MREMAP_FIXED, begin + at);
    if (release)
      fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, from, static_cast<off_t>(n));
  }
}

// Privatizes what of an area is still mapped from its file, and closes it.
void give_back(const OwnArea& area, bool release) {
  char name[64];
  auto b = reinterpret_cast<std::uintptr_t>(area.begin);
  memfd_name(name, sizeof name, b, area.len);
  for_each_part_mapped_from(name, b, b + area.len, [&](std::uintptr_t lo, std::uintptr_t hi) {
    privatize(reinterpret_cast<char*>(lo), hi - lo, area.fd, static_cast<off_t>(lo - b), release);
  });
  close(area.fd);
}

// Backs [begin + from, begin + to) with the same bytes of the file `fd`, a
// chunk at a time (each chunk's private pages are freed as the file's replace
// them); false if the system refused part way, with what this call did
// undone and the file as long as `from` again.
bool back_with_file(char* begin, std::size_t from, std::size_t to, int fd) {
  for (std::size_t at = from; at < to; at += kChunk) {
    std::size_t n = std::min(kChunk, to - at);
    bool copied = true;
    for (std::size_t done = 0; copied && done < n;) {
      ssize_t put = pwrite(fd, begin + at + done, n - done, static_cast<off_t>(at + done));
      copied = put > 0;
      if (copied) done += static_cast<std::size_t>(put);
    }
    // Same addresses, same contents: the program sees no difference.
    if (!copied || mmap(begin + at, n, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd,
                        static_cast<off_t>(at)) == MAP_FAILED) {
      // MAP_FIXED fails before replacing anything: [at, to) is still private.
      if (at > from) privatize(begin + from, at - from, fd, static_cast<off_t>(from), true);
      // Those who map the area read its length as how far it is shared.
      // Shortening a memory file of this process's own cannot fail.
      [[maybe_unused]] const int shortened = ftruncate(fd, static_cast<off_t>(from));
      return false;
    }
  }
  return true;
}

// In a child the program forks: the pages become its own, as they would be
// without Superstep.
void lock_for_fork() { g_mutex.lock(); }
void unlock_after_fork() { g_mutex.unlock(); }
void child_after_fork() {
  for (const OwnArea& a : g_own) give_back(a, false);
  for (const PeerMapping& m : g_peer) {
    munmap(m.local, m.len);
    close(m.fd);
  }
  g_own.clear();
  g_peer.clear();
  g_mutex.unlock();
}

void install_fork_handlers() {
  static std::once_flag once;
  std::call_once(once, [] { pthread_atfork(lock_for_fork, unlock_after_fork, child_after_fork); });
}

}  // namespace

namespace {
// Shares more of an area already open: [a.shared, upto).
bool extend(OwnArea& a, std::size_t upto) {
  if (upto <= a.shared) return true;
  auto b = reinterpret_cast<std::uintptr_t>(a.begin);
  if (!private_writable(b + a.shared, b + upto) || !back_with_file(a.begin, a.shared, upto, a.fd))
    return false;
  a.shared = upto;
  return true;
}
}  // namespace

bool share_pages(void* begin_ptr, std::size_t len, std::size_t upto) {
  install_fork_handlers();
  auto* begin = static_cast<char*>(begin_ptr);
  auto b = reinterpret_cast<std::uintptr_t>(begin);
  std::lock_guard<std::mutex> lock(g_mutex);
  for (OwnArea& a : g_own) {
    if (a.begin == begin && a.len == len) return extend(a, upto);
    auto ab = reinterpret_cast<std::uintptr_t>(a.begin);
    if (b < ab + a.len && ab < b + len) return false;  // one file per page at most
  }
  char name[64];
  memfd_name(name, sizeof name, b, len);
  int fd = memfd_create(name, MFD_CLOEXEC);
  if (fd < 0) return false;
  OwnArea area{begin, len, fd, 0};
  if (!extend(area, upto)) {
    close(fd);
    return false;
  }
  g_own.push_back(area);
  return true;
}

void unshare_pages(void* begin) {
  std::lock_guard<std::mutex> lock(g_mutex);
  for (std::size_t i = 0; i < g_own.size(); ++i) {
    if (g_own[i].begin != begin) continue;
    give_back(g_own[i], true);
    g_own.erase(g_own.begin() + static_cast<std::ptrdiff_t>(i));
    return;
  }
}

char* map_peer_pages(pid_t os_pid, std::uint64_t begin, std::size_t len) {
  install_fork_handlers();
  char dir_path[48];
  std::snprintf(dir_path, sizeof dir_path, "/proc/%d/fd", static_cast<int>(os_pid));
  DIR* dir = opendir(dir_path);
  if (!dir) return nullptr;
  char name[64], wanted[96];
  memfd_name(name, sizeof name, begin, len);
  std::snprintf(wanted, sizeof wanted, "/memfd:%s (deleted)", name);
  int fd = -1;
  while (dirent* entry = readdir(dir)) {
    char target[128];
    ssize_t n = readlinkat(dirfd(dir), entry->d_name, target, sizeof target - 1);
    if (n <= 0) continue;
    target[n] = '\0';
    if (std::strcmp(target, wanted) != 0) continue;
    fd = openat(dirfd(dir), entry->d_name, O_RDWR | O_CLOEXEC);
    break;
  }
  closedir(dir);
  if (fd < 0) return nullptr;
  // The file may be shorter than the area yet: the part beyond it is touched
  // only once the owner has shared it (peer_pages_shared).
  void* local = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (local == MAP_FAILED) {
    close(fd);
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(g_mutex);
  g_peer.push_back({static_cast<char*>(local), len, fd});
  return static_cast<char*>(local);
}

std::size_t peer_pages_shared(const char* local) {
  std::lock_guard<std::mutex> lock(g_mutex);
  for (const PeerMapping& m : g_peer) {
    if (m.local != local) continue;
    struct stat file {};
    if (fstat(m.fd, &file) != 0) return 0;
    return std::min(m.len, static_cast<std::size_t>(file.st_size));
  }
  return 0;
}

void unmap_peer_pages(char* local, std::size_t len) {
  std::lock_guard<std::mutex> lock(g_mutex);
  for (std::size_t i = 0; i < g_peer.size(); ++i) {
    if (g_peer[i].local != local) continue;
    munmap(local, len);
    close(g_peer[i].fd);
    g_peer.erase(g_peer.begin() + static_cast<std::ptrdiff_t>(i));
    return;
  }
}

}  // namespace superstep::shm
