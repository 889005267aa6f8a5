// What a copy through shared memory costs between two processes on two
// processors, the way a superstep moves staged data: one process writes a
// block, the other copies it out, in turns. Three figures for the writer:
// writing into the same bytes every turn (the reader's cache still holds
// them: each line is invalidated there first), writing into bytes that move
// round a ring of twice the L2 cache (what the outbox's staging does,
// util/cache_ring.hpp), and a plain memcpy within one process (the floor the
// total-exchange benchmark uses); and the reader's copy out. Every copy is the
// library's block copy (util/block_copy.hpp): two vectors of n bytes in a row
// lie 16 bytes apart modulo a page, where memcpy itself crawls (22-38 us for
// 64 KiB where 1.3 us is its speed): the floor read that until it copied so.
// Usage: bench_cross_core_copy [bytes] [turns]
#include <sched.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "bench_support.hpp"
#include "superstep_internal/cache_ring.hpp"
#include "superstep_internal/block_copy.hpp"

namespace {
double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void pin(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  sched_setaffinity(0, sizeof set, &set);  // best effort: figures still print without it
}

struct Shared {
  std::atomic<long> turn;
  double reader_seconds[2];
};

// Median seconds per turn for the writer, and (through `shared`) the reader.
double run_turns(char* ring, std::size_t ring_bytes, std::size_t n, int turns, Shared* shared,
                 int mode) {
  shared->turn = 0;
  pid_t reader = fork();
  if (reader < 0) std::exit(1);
  std::vector<char> mine(n, static_cast<char>(reader == 0 ? 1 : 2));
  std::vector<double> seconds;
  pin(reader == 0 ? 1 : 0);
  for (int i = 0; i < turns; ++i) {
    std::size_t at = ring_bytes == n ? 0 : (static_cast<std::size_t>(i) * n) % (ring_bytes - n);
    char* block = ring + at;
    if (reader == 0) {
      while (shared->turn.load(std::memory_order_acquire) != 2L * i + 1) {
      }
      double t0 = now();
      superstep::copy_block(mine.data(), block, n);
      seconds.push_back(now() - t0);
      shared->turn.store(2L * i + 2, std::memory_order_release);
    } else {
      while (shared->turn.load(std::memory_order_acquire) != 2L * i) {
      }
      double t0 = now();
      superstep::copy_block(block, mine.data(), n);
      seconds.push_back(now() - t0);
      shared->turn.store(2L * i + 1, std::memory_order_release);
    }
  }
  if (reader == 0) {
    shared->reader_seconds[mode] = bench::median(seconds);
    _exit(0);
  }
  waitpid(reader, nullptr, 0);
  return bench::median(seconds);
}
}  // namespace

int main(int argc, char** argv) {
  std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 65536;
  int turns = argc > 2 ? std::atoi(argv[2]) : 3000;
  std::size_t ring = std::max<std::size_t>(superstep::cache_ring_bytes(), 2 * n);
  auto* shared = static_cast<Shared*>(
      mmap(nullptr, sizeof(Shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
  auto* area = static_cast<char*>(
      mmap(nullptr, ring, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
  if (shared == MAP_FAILED || area == MAP_FAILED) return 1;
  std::memset(area, 0, ring);

  std::vector<char> a(n, 3), b(n);
  std::vector<double> local;
  for (int i = 0; i < 200; ++i) {
    double t0 = now();
    superstep::copy_block(b.data(), a.data(), n);
    local.push_back(now() - t0);
  }
  double same = run_turns(area, n, n, turns, shared, 0);
  double moving = run_turns(area, ring, n, turns, shared, 1);
  double floor = bench::median(local);
  std::printf("cross-core copy of %zu bytes between two processes (medians of %d turns):\n", n,
              turns);
  std::printf("  memcpy within one process:            %8.2f us\n", floor * 1e6);
  std::printf("  writer, the same bytes every turn:    %8.2f us = %.2f x the memcpy\n", same * 1e6,
              same / floor);
  std::printf("  writer, round a ring of %5zu KiB:     %8.2f us = %.2f x the memcpy\n", ring >> 10,
              moving * 1e6, moving / floor);
  std::printf("  reader, copying out (same / ring):    %8.2f / %.2f us\n",
              shared->reader_seconds[0] * 1e6, shared->reader_seconds[1] * 1e6);
  return 0;
}
