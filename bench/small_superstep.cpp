// What a superstep carrying one small message costs (the l a latency-bound
// program pays): each process sends 8 bytes to the next one by bsp_put,
// bsp_hpput, bsp_get or bsp_send, then syncs, many times in a row; beside an
// empty superstep and the raw two-process barrier measured in the same run,
// and at p = 2 on shared memory a cache line's round trip between the two
// processes, sampled between the samples of each kind (the host's placement of
// their processors sets it, and may change while the benchmark runs).
//   Usage: bench_small_superstep [p] [supersteps-per-sample]
#include <bsp.h>

#include <cstdio>
#include <cstring>

#include "sample_timing.hpp"

namespace {

enum Kind { kEmpty, kPut, kHpput, kGet, kSend };
const char* const kNames[] = {"empty", "bsp_put", "bsp_hpput", "bsp_get", "bsp_send"};

// Runs n supersteps of the kind; returns n.
double supersteps(Kind kind, int n, long long* cell, long long* source) {
  int p = bsp_nprocs(), next = (bsp_pid() + 1) % p;
  for (int i = 0; i < n; ++i) {
    *source = i;
    switch (kind) {
      case kEmpty:
        break;
      case kPut:
        bsp_put(next, source, cell, 0, sizeof *cell);
        break;
      case kHpput:
        bsp_hpput(next, source, cell, 0, sizeof *cell);
        break;
      case kGet:
        bsp_get(next, cell, 0, source, sizeof *cell);
        break;
      case kSend:
        bsp_send(next, nullptr, source, sizeof *source);
        break;
    }
    bsp_sync();
    if (kind == kSend) {
      long long got;
      bsp_move(&got, sizeof got);
    }
  }
  return n;
}

}  // namespace

int main(int argc, char** argv) {
  const auto [p, n, samples, floor, round_trips] = bench::begin_latency_run(argc, argv);
  static long long cell, source;
  bsp_push_reg(&cell, sizeof cell);
  bsp_sync();
  for (Kind kind : {kEmpty, kPut, kHpput, kGet, kSend}) {
    double t = bench::median_seconds_per_unit(
        samples, [&] { return supersteps(kind, n, &cell, &source); }, round_trips);
    const double round_trip = round_trips ? round_trips->take_median() : 0;
    if (bsp_pid() == 0) {
      std::printf(
          "superstep with one 8-byte %s, p=%d: %.3f us (median of %d samples of %d); raw "
          "two-process barrier: %.3f us; ratio %.2f",
          kNames[kind], p, t * 1e6, samples, n, floor * 1e6, t / floor);
      if (round_trip > 0)
        std::printf("; a cache line's round trip meanwhile: %.3f us", round_trip * 1e6);
      std::printf("\n");
    }
  }
  bsp_pop_reg(&cell);
  bsp_end();
  return 0;
}
