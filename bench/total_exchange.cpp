// Total exchange: every process puts `bytes` to every other process, then
// syncs; each sample counts the slowest process's time. Printed beside the
// memcpy floor measured inside the same run, by every process at once (so
// the floor shares the memory bus as the real transfer does): bsp_put buffers, so its floor is two
// copies of the bytes; bsp_hpput reads the source straight into place, so its floor is one, as is
// bsp_hpget's (every process gets `bytes` from every other process). With more processes than
// processors (p = 4 on two), each processor has to copy for all the processes it runs: the floor is
// then the processor time of one process's copy times that many processes. (Its wall time alone
// counted one process's copy wherever that fit in a time slice, and both
// wherever it did not, so the floor changed meaning with the size.)
// The floor copies with the library's own block copy (util/block_copy.hpp): memcpy, but never
// at the distances between addresses where memcpy crawls, which would flatter every ratio.
// With OFFSETS (SRC:DST, bytes past a page boundary) the source, and the destination and hpget
// buffers, start that far into a page instead of where malloc puts them: "0:16" puts every
// destination 16 bytes after its source modulo a page, a distance at which the C library's
// memcpy crawled (util/block_copy.hpp); whether a transfer is fast must not depend on the
// program's layout.
// Where the processes share memory the program maps before bsp_begin (the shared-memory
// engine forks them), one more floor is measured in the same launch, with no library: each
// process writes its blocks into that memory, and after a sync each copies out the blocks
// written for it. That copy moves the bytes between processors as any transfer must, and
// costs what crossing between the processors the host gave this launch costs (0.8-1.3x a
// memcpy of 64 KiB where they are close on the two-core VM, 1.2-2.1x where they are far
// apart): it tells how much of a ratio is the library's and how much the launch's.
// Usage: bench_total_exchange [p] [bytes-per-pair] [OFFSETS]
#include <bsp.h>
#include <sched.h>
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "bench_support.hpp"
#include "gather_on_pid0.hpp"
#include "memory_before_begin.hpp"
#include "superstep_internal/block_copy.hpp"

namespace {
double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// How many of the p processes the busiest processor runs: p over the processors
// the processes may use between them (under mpirun each may be bound to one of
// its own, which alone would read as every process sharing it). Collective.
int processes_per_processor() {
  constexpr int kWords = CPU_SETSIZE / 64;
  const int p = bsp_nprocs();
  std::vector<std::uint64_t> mine(kWords, 0), all(static_cast<std::size_t>(kWords) * p, 0);
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) == 0)
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
      if (CPU_ISSET(cpu, &allowed)) mine[cpu / 64] |= std::uint64_t{1} << (cpu % 64);
  const int bytes = kWords * static_cast<int>(sizeof(std::uint64_t));
  bsp_push_reg(all.data(), bytes * p);
  bsp_sync();
  bsp_put(0, mine.data(), all.data(), bsp_pid() * bytes, bytes);
  bsp_sync();
  bsp_pop_reg(all.data());
  int processors = 0;
  for (int w = 0; w < kWords; ++w) {
    std::uint64_t used = 0;
    for (int q = 0; q < p; ++q) used |= all[static_cast<std::size_t>(q) * kWords + w];
    processors += __builtin_popcountll(used);
  }
  return processors > 0 ? (p + processors - 1) / processors : 1;
}

struct CopyTime {
  double wall;
  double processor;
};

CopyTime time_memcpy(char* to, const char* from, std::size_t n) {
  bsp_sync();
  double t0 = bsp_time(), c0 = thread_cpu_seconds();
  superstep::copy_block(to, from, n);
  CopyTime t{bsp_time() - t0, thread_cpu_seconds() - c0};
  bsp_sync();
  return t;
}

// Memory mapped before bsp_begin (memory_before_begin.hpp), shared where the processes are forks
// of one (the shared-memory engine): block (from, to) is what process `from` writes for `to`.
class CrossMemory {
 public:
  CrossMemory(int p, std::size_t block)
      : p_(p), block_(block), memory_(kPage + static_cast<std::size_t>(p) * p * block) {}
  // Collective, after bsp_begin: whether every process sees the others' writes (not under
  // mpirun, where each process mapped its own).
  bool shared() { return bsp_nprocs() == p_ && memory_.shared_by_all(); }
  char* block(int from, int to) {
    return memory_.data() + kPage + (static_cast<std::size_t>(from) * p_ + to) * block_;
  }

 private:
  static constexpr std::size_t kPage = 4096;
  int p_;
  std::size_t block_;
  bench::MemoryBeforeBegin memory_;
};

// Each process writes its block for every other one into the shared memory, then, after a
// sync, copies out the blocks written for it: the copy out is timed.
CopyTime time_cross_copy(CrossMemory& cross, const char* src, char* into, int n) {
  int p = bsp_nprocs(), me = bsp_pid();
  const std::size_t block = static_cast<std::size_t>(n);
  for (int q = 0; q < p; ++q)
    if (q != me) superstep::copy_block(cross.block(me, q), src + q * block, block);
  bsp_sync();
  double t0 = bsp_time(), c0 = thread_cpu_seconds();
  for (int q = 0; q < p; ++q)
    if (q != me) superstep::copy_block(into + q * block, cross.block(q, me), block);
  CopyTime t{bsp_time() - t0, thread_cpu_seconds() - c0};
  bsp_sync();
  return t;
}

double time_hpget_exchange(char* src, char* dst, int n) {
  int p = bsp_nprocs(), me = bsp_pid();
  bsp_sync();
  double t0 = bsp_time();
  for (int k = 1; k < p; ++k) {
    int q = (me + k) % p;
    bsp_hpget(q, src, me * n, dst + static_cast<std::size_t>(q) * n, n);
  }
  bsp_sync();
  return bsp_time() - t0;
}

double time_exchange(char* src, char* dst, int n, bool hp) {
  int p = bsp_nprocs(), me = bsp_pid();
  bsp_sync();
  double t0 = bsp_time();
  for (int k = 1; k < p; ++k) {
    int q = (me + k) % p;
    if (hp)
      bsp_hpput(q, src + static_cast<std::size_t>(q) * n, dst, me * n, n);
    else
      bsp_put(q, src + static_cast<std::size_t>(q) * n, dst, me * n, n);
  }
  bsp_sync();
  return bsp_time() - t0;
}

// Per sample, the slowest process's time (on pid 0; an exchange is over when
// its last process is done: a process that leaves its sync early must not
// count as the whole exchange, nor the one that waited for the others).
std::vector<double> slowest_per_sample(const std::vector<double>& mine) {
  const std::size_t n = mine.size(), p = static_cast<std::size_t>(bsp_nprocs());
  const std::vector<double> all = bench::gather_on_pid0(mine);
  std::vector<double> slowest(mine);
  for (std::size_t q = 0; q < p; ++q)
    for (std::size_t i = 0; i < n; ++i) slowest[i] = std::max(slowest[i], all[q * n + i]);
  return slowest;
}

// One phase's samples of every kind of exchange beside the memcpy floor.
struct Samples {
  std::vector<double> copy, copy_processor, cross, cross_processor, put, hpput, hpget;
};

// `cross` is null where the processes share no memory of their own.
Samples sample_exchanges(int samples, char* src, char* dst, char* spare, int n,
                         CrossMemory* cross) {
  std::size_t moved = static_cast<std::size_t>(n) * (bsp_nprocs() - 1);
  Samples s;
  for (int i = 0; i < samples; ++i) {
    CopyTime t = time_memcpy(spare, src, moved);
    s.copy.push_back(t.wall);
    s.copy_processor.push_back(t.processor);
    if (cross) {
      CopyTime c = time_cross_copy(*cross, src, spare, n);
      s.cross.push_back(c.wall);
      s.cross_processor.push_back(c.processor);
    }
    s.put.push_back(time_exchange(src, dst, n, false));
    s.hpput.push_back(time_exchange(src, dst, n, true));
    s.hpget.push_back(time_hpget_exchange(src, spare, n));
  }
  return s;
}

struct Medians {
  double copy, copy_processor, cross, cross_processor, put, hpput, hpget;
};

// An empty superstep in this launch (the slowest process's median of 5
// samples of 2000). Where every process has a processor of its own, it is
// about one cache line's trip between processors, which depends on where
// the host placed them: printed beside the ratios, it tells a launch whose
// transfers all cost more from a slow library.
double empty_superstep_seconds() {
  std::vector<double> mine;
  for (int s = 0; s < 5; ++s) {
    bsp_sync();
    double t0 = bsp_time();
    for (int i = 0; i < 2000; ++i) bsp_sync();
    mine.push_back((bsp_time() - t0) / 2000);
  }
  return bench::median(slowest_per_sample(mine));
}

// The medians of the slowest process's samples (gathered after all phases,
// so that gathering adds no superstep between them).
Medians slowest_medians(const Samples& s) {
  auto cross = [](const std::vector<double>& v) {
    return v.empty() ? 0.0 : bench::median(slowest_per_sample(v));
  };
  return {bench::median(slowest_per_sample(s.copy)),
          bench::median(slowest_per_sample(s.copy_processor)),
          cross(s.cross),
          cross(s.cross_processor),
          bench::median(slowest_per_sample(s.put)),
          bench::median(slowest_per_sample(s.hpput)),
          bench::median(slowest_per_sample(s.hpget))};
}
}  // namespace

// A buffer of `bytes` filled with `value`, starting `offset` bytes past a page boundary, or
// where malloc puts it when offset is negative.
class Buffer {
 public:
  Buffer(std::size_t bytes, char value, long offset)
      : storage_(bytes + (offset < 0 ? 0 : kPage + static_cast<std::size_t>(offset)), value) {
    at_ = storage_.data();
    if (offset >= 0) {
      auto address = reinterpret_cast<std::uintptr_t>(at_);
      at_ += (kPage - address % kPage) % kPage + static_cast<std::size_t>(offset);
    }
  }
  char* data() { return at_; }
  char& operator[](std::size_t i) { return at_[i]; }

 private:
  static constexpr std::size_t kPage = 4096;
  std::vector<char> storage_;
  char* at_;
};

namespace {
// Byte i of process q's source.
char source_byte(int q, std::size_t i) {
  return static_cast<char>(static_cast<std::size_t>(q) * 37 + i * 7 + (i >> 12));
}
}  // namespace

int main(int argc, char** argv) {
  int p = argc > 1 ? std::atoi(argv[1]) : 2;
  int n = argc > 2 ? std::atoi(argv[2]) : (1 << 20);
  long src_offset = -1, dst_offset = -1;
  int parsed = 0;
  if (argc > 3 && (std::sscanf(argv[3], "%ld:%ld%n", &src_offset, &dst_offset, &parsed) != 2 ||
                   argv[3][parsed] != '\0' || src_offset < 0 || dst_offset < 0 ||
                   src_offset >= 4096 || dst_offset >= 4096)) {
    std::fprintf(stderr, "bench_total_exchange: OFFSETS is SRC:DST, each 0 to 4095 bytes\n");
    return 2;
  }
  const int samples = 11;
  CrossMemory cross_memory(p, static_cast<std::size_t>(n));
  bsp_begin(p);
  CrossMemory* cross = cross_memory.shared() ? &cross_memory : nullptr;
  std::size_t total = static_cast<std::size_t>(n) * bsp_nprocs();
  Buffer src(total, 0, src_offset), dst(total, 0, dst_offset), spare(total, 0, dst_offset);
  for (std::size_t i = 0; i < total; ++i) src[i] = source_byte(bsp_pid(), i);
  bsp_push_reg(dst.data(), static_cast<int>(total));
  bsp_push_reg(src.data(), static_cast<int>(total));
  bsp_sync();
  // The first samples, then the same after as many more as 8 MiB of traffic
  // per kind (at least 4): a program that repeats an exchange runs at the
  // second figure once the buffers written round (the put staging, see
  // util/cache_ring.hpp) have come round once; the goal is on that one, and
  // both are printed.
  Samples first_samples = sample_exchanges(samples, src.data(), dst.data(), spare.data(), n, cross);
  sample_exchanges(std::max(4, (8 << 20) / n), src.data(), dst.data(), spare.data(), n, cross);
  Samples steady_samples =
      sample_exchanges(samples, src.data(), dst.data(), spare.data(), n, cross);
  Medians first = slowest_medians(first_samples), steady = slowest_medians(steady_samples);
  double empty = empty_superstep_seconds();
  // Every byte of every block: each process's source differs from byte to byte and from
  // process to process, so a block read from the wrong place, or cut short, shows.
  const std::size_t me = static_cast<std::size_t>(bsp_pid()), block = static_cast<std::size_t>(n);
  for (int q = 0; q < bsp_nprocs(); ++q) {
    if (static_cast<std::size_t>(q) == me) continue;
    for (std::size_t k = 0; k < block; ++k) {
      char expected = source_byte(q, me * block + k);
      if (dst[static_cast<std::size_t>(q) * block + k] != expected)
        bsp_abort("total exchange delivered wrong data from %d (byte %zu)", q, k);
      if (spare[static_cast<std::size_t>(q) * block + k] != expected)
        bsp_abort("bsp_hpget brought wrong data from %d (byte %zu)", q, k);
    }
  }
  const int shared = processes_per_processor();
  if (bsp_pid() == 0) {
    // With processors shared, a processor copies for all its processes.
    auto per_processor = [&](double wall, double processor) {
      return shared > 1 ? shared * processor : wall;
    };
    auto floor = [&](const Medians& m) { return per_processor(m.copy, m.copy_processor); };
    double c = floor(steady);
    std::printf("total exchange, p=%d, %d bytes per pair", p, n);
    if (src_offset >= 0)
      std::printf(", source %ld and destination %ld bytes into a page", src_offset, dst_offset);
    std::printf(" (medians of %d, after a warm-up):\n", samples);
    if (shared > 1)
      std::printf(
          "  memcpy of the same bytes: %8.1f us  (processor time %.1f us, x %d processes "
          "per processor; wall time %.1f us)\n",
          c * 1e6, steady.copy_processor * 1e6, shared, steady.copy * 1e6);
    else
      std::printf("  memcpy of the same bytes: %8.1f us\n", c * 1e6);
    std::printf("  bsp_put + sync:           %8.1f us  = %.2f x two memcpys\n", steady.put * 1e6,
                steady.put / (2 * c));
    std::printf("  bsp_hpput + sync:         %8.1f us  = %.2f x one memcpy\n", steady.hpput * 1e6,
                steady.hpput / c);
    std::printf("  bsp_hpget + sync:         %8.1f us  = %.2f x one memcpy\n", steady.hpget * 1e6,
                steady.hpget / c);
    double f = floor(first);
    std::printf("  the first %d, the same ratios: bsp_put %.2f bsp_hpput %.2f bsp_hpget %.2f\n",
                samples, first.put / (2 * f), first.hpput / f, first.hpget / f);
    std::printf("  an empty superstep in this launch: %.3f us\n", empty * 1e6);
    if (cross) {
      // bsp_hpput and bsp_hpget must move the bytes between processors once; bsp_put copies
      // them once more within its process.
      double x = per_processor(steady.cross, steady.cross_processor);
      std::printf(
          "  copied between processors, no library: %.1f us = %.2f x one memcpy; against it: "
          "bsp_put %.2f (and one memcpy) bsp_hpput %.2f bsp_hpget %.2f\n",
          x * 1e6, x / c, steady.put / (x + c), steady.hpput / x, steady.hpget / x);
    }
  }
  bsp_end();
  return 0;
}
