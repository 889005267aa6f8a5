// What a block copy costs by the distance between its destination and its
// source modulo a 4 KiB page: the C library's memcpy beside the library's own
// copy_block (util/block_copy.hpp), which avoids memcpy where it crawls. Each
// figure is the best of many copies of the same block (it stays in cache), in
// picoseconds per byte; every copy is checked. Beside them the kernel's copy,
// which has the same weakness: process_vm_readv from this process itself, and
// the library's cross-memory read (engines/shm/remote_memory), which goes
// through a buffer at those distances ("-" where cross-memory attach is
// refused).
// Usage: bench_copy_distance [bytes] [copies]   (default 65536 200)
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "superstep_internal/remote_memory.hpp"
#include "superstep_internal/block_copy.hpp"

namespace {
double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

template <typename Copy>
double best_ps_per_byte(char* dst, const char* src, std::size_t n, int copies, Copy copy) {
  double best = 1e30;
  for (int i = 0; i < copies; ++i) {
    double t0 = now();
    copy(dst, src, n);
    best = std::min(best, now() - t0);
  }
  if (std::memcmp(dst, src, n) != 0) {
    std::fprintf(stderr, "bench_copy_distance: a copy came out wrong\n");
    std::exit(1);
  }
  return best * 1e12 / static_cast<double>(n);
}
}  // namespace

int main(int argc, char** argv) {
  std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 65536;
  int copies = argc > 2 ? std::atoi(argv[2]) : 200;
  if (n < 64 || copies < 1) {
    std::fprintf(stderr, "bench_copy_distance: bytes must be at least 64 and copies at least 1\n");
    return 2;
  }
  // Page-aligned source and destination, so that the offset below is the distance.
  std::size_t span = n + 8192;
  auto* src = static_cast<char*>(
      mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  auto* dst = static_cast<char*>(
      mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  if (src == MAP_FAILED || dst == MAP_FAILED) return 1;
  for (std::size_t i = 0; i < span; ++i) src[i] = static_cast<char>(i * 7 + 1);
  std::memset(dst, 0, span);
  std::printf(
      "copy of %zu bytes by the destination's distance after the source modulo 4096 "
      "(best of %d, ps/B):\n",
      n, copies);
  auto kernel_read = [](char* d, const char* s, std::size_t k) {
    iovec local{d, k}, remote{const_cast<char*>(s), k};
    if (process_vm_readv(getpid(), &local, 1, &remote, 1, 0) != static_cast<ssize_t>(k))
      std::memcpy(d, s, k);  // refused: checked beforehand, never timed
  };
  auto library_read = [](char* d, const char* s, std::size_t k) {
    iovec local{d, k}, remote{const_cast<char*>(s), k};
    if (superstep::shm::read_process_memory(getpid(), &local, 1, &remote, 1) != 0)
      std::memcpy(d, s, k);
  };
  char probe = 0;
  iovec probe_local{&probe, 1}, probe_remote{src, 1};
  const bool attach = process_vm_readv(getpid(), &probe_local, 1, &probe_remote, 1, 0) == 1;
  double worst_memcpy = 0, worst_block = 0, best_memcpy = 1e30;
  for (std::size_t distance : {0, 1, 16, 31, 32, 48, 64, 4080}) {
    char* to = dst + distance;
    double m = best_ps_per_byte(
        to, src, n, copies, [](char* d, const char* s, std::size_t k) { std::memcpy(d, s, k); });
    double b = best_ps_per_byte(to, src, n, copies, [](char* d, const char* s, std::size_t k) {
      superstep::copy_block(d, s, k);
    });
    worst_memcpy = std::max(worst_memcpy, m);
    worst_block = std::max(worst_block, b);
    best_memcpy = std::min(best_memcpy, m);
    std::printf("  distance %4zu: memcpy %7.1f   copy_block %7.1f", distance, m, b);
    if (attach)
      std::printf("   process_vm_readv %7.1f   library's read %7.1f\n",
                  best_ps_per_byte(to, src, n, copies, kernel_read),
                  best_ps_per_byte(to, src, n, copies, library_read));
    else
      std::printf("   process_vm_readv -   library's read -\n");
  }
  std::printf("  slowest distance: memcpy %.2f x its best, copy_block %.2f x memcpy's best\n",
              worst_memcpy / best_memcpy, worst_block / best_memcpy);
  munmap(src, span);
  munmap(dst, span);
  return 0;
}
