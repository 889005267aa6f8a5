// The communication patterns bench/compare_udp.sh sets beside plain MPI, for
// whichever engine runs the program (meant for the udp engine): one line per
// pattern, "<pattern> <median seconds>", the median over samples of the
// slowest process's time. bench/mpi_patterns.c does the same work with MPI.
//   empty        a superstep with no communication (per bsp_sync)
//   puts         `puts` bsp_put of 8 bytes to the next process, then bsp_sync
//   exchange_N   total exchange: N bytes to every other process, then bsp_sync
// Usage: bench_patterns [puts] [bytes-per-pair ...]   (default 10000 65536 1048576)
#include <bsp.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "sample_timing.hpp"

namespace {

constexpr int kSamples = 15;
constexpr int kSyncsPerSample = 200;

// The slowest process's `t`, on every process (one superstep).
double slowest(double t) {
  int p = bsp_nprocs();
  std::vector<double> all(p, 0);
  bsp_push_reg(all.data(), static_cast<int>(sizeof(double)) * p);
  bsp_sync();
  for (int q = 0; q < p; ++q) bsp_put(q, &t, all.data(), bsp_pid() * sizeof(double), sizeof t);
  bsp_sync();
  bsp_pop_reg(all.data());
  return *std::max_element(all.begin(), all.end());
}

template <typename Work>
double median_of_samples(Work work) {
  return bench::median_seconds_per_unit(kSamples, work, slowest);
}

void report(const char* pattern, double seconds) {
  if (bsp_pid() == 0) std::printf("%s %.9f\n", pattern, seconds);
}

}  // namespace

int main(int argc, char** argv) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), me = bsp_pid(), next = (me + 1) % p;
  int puts = argc > 1 ? std::atoi(argv[1]) : 10000;
  std::vector<int> sizes;
  for (int i = 2; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
  if (sizes.empty()) sizes = {1 << 16, 1 << 20};

  report("empty", median_of_samples([] {
           for (int i = 0; i < kSyncsPerSample; ++i) bsp_sync();
           return static_cast<double>(kSyncsPerSample);
         }));

  std::vector<std::uint64_t> src(puts), dst(puts, 0);
  for (int i = 0; i < puts; ++i) src[i] = static_cast<std::uint64_t>(me) << 32 | i;
  bsp_push_reg(dst.data(), puts * 8);
  bsp_sync();
  report("puts", median_of_samples([&] {
           for (int i = 0; i < puts; ++i) bsp_put(next, &src[i], dst.data(), i * 8, 8);
           bsp_sync();
           return 1.0;
         }));
  int prev = (me + p - 1) % p;
  for (int i = 0; i < puts; ++i)
    if (dst[i] != (static_cast<std::uint64_t>(prev) << 32 | i))
      bsp_abort("puts: wrong value at %d", i);
  bsp_pop_reg(dst.data());

  for (int bytes : sizes) {
    std::size_t total = static_cast<std::size_t>(bytes) * p;
    std::vector<char> xsrc(total, static_cast<char>(me)), xdst(total, 0);
    bsp_push_reg(xdst.data(), static_cast<int>(total));
    bsp_sync();
    char name[64];
    std::snprintf(name, sizeof name, "exchange_%d", bytes);
    report(name, median_of_samples([&] {
             for (int k = 1; k < p; ++k) {
               int q = (me + k) % p;
               bsp_put(q, xsrc.data() + static_cast<std::size_t>(q) * bytes, xdst.data(),
                       me * bytes, bytes);
             }
             bsp_sync();
             return 1.0;
           }));
    for (int q = 0; q < p; ++q)
      if (q != me && xdst[static_cast<std::size_t>(q) * bytes + bytes - 1] != static_cast<char>(q))
        bsp_abort("exchange: wrong data from %d", q);
    bsp_pop_reg(xdst.data());
  }
  bsp_end();
  return 0;
}
