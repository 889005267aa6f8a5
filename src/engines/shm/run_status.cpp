#include "engines/shm/run_status.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <cstring>

namespace superstep::shm::run_status {

ProcessStatus* g_slots = nullptr;

namespace {

void* g_mapping = nullptr;
std::size_t g_mapping_size = 0;

// The launcher's status file, checked once: -1 when there is none, or when
// the descriptor is not one (a program started by a program under bsprun
// inherits the variable but not the descriptor, which is close-on-exec).
int status_fd() {
  static const int fd = [] {
    const char* text = std::getenv(kRunStatusVariable);
    if (text == nullptr || *text == '\0') return -1;
    char* end = nullptr;
    long value = std::strtol(text, &end, 10);
    if (*end != '\0' || value < 0 || value > INT_MAX) return -1;
    int candidate = static_cast<int>(value);
    char magic[sizeof kRunStatusMagic];
    if (pread(candidate, magic, sizeof magic, 0) != static_cast<ssize_t>(sizeof magic) ||
        std::memcmp(magic, kRunStatusMagic, sizeof magic) != 0)
      return -1;
    fcntl(candidate, F_SETFD, FD_CLOEXEC);
    return candidate;
  }();
  return fd;
}

}  // namespace

void begin(int nprocs) {
  int fd = status_fd();
  if (fd < 0) return;
  if (g_mapping) munmap(g_mapping, g_mapping_size);  // an earlier bsp_begin's
  g_mapping = nullptr;
  g_slots = nullptr;
  std::size_t size =
      sizeof(RunStatusHeader) + sizeof(ProcessStatus) * static_cast<std::size_t>(nprocs);
  if (ftruncate(fd, static_cast<off_t>(size)) != 0) return;
  void* area = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (area == MAP_FAILED) return;
  auto* header = static_cast<RunStatusHeader*>(area);
  header->nprocs.store(0, std::memory_order_relaxed);
  auto* slots = reinterpret_cast<ProcessStatus*>(header + 1);
  for (int q = 0; q < nprocs; ++q) {
    slots[q].superstep.store(0, std::memory_order_relaxed);
    slots[q].state.store(static_cast<std::uint32_t>(RunState::kNotStarted),
                         std::memory_order_relaxed);
  }
  header->nprocs.store(static_cast<std::uint32_t>(nprocs), std::memory_order_release);
  g_mapping = area;
  g_mapping_size = size;
  g_slots = slots;
}

}  // namespace superstep::shm::run_status
