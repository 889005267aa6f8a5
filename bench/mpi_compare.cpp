// The MPI engine beside plain MPI code doing the same work, in the same run on
// the same processes (Donaldson, Hill and Skillicorn 1999, §3): the program is an MPI program that
// runs its BSPlib part on MPI_COMM_WORLD (include/bsp_mpi.h), and every sample times the BSPlib
// version and the MPI version back to back. Medians, ratios.
//   empty superstep          bsp_sync                   vs MPI_Barrier
//   100,000 puts of 8 bytes  bsp_put x N + bsp_sync     vs MPI_Put x N + MPI_Win_fence
//   total exchange           bsp_put to all + bsp_sync  vs MPI_Alltoall
//                            (and with bsp_hpput, bsp_get, bsp_hpget), and how much of
//                            bsp_put's and bsp_hpput's time their calls take
// Usage: mpirun -n P bench_mpi_compare [puts] [bytes-per-pair]
#include <bsp_mpi.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bench_support.hpp"

namespace {

constexpr int kSamples = 11;

double time_syncs(int n) {
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int i = 0; i < n; ++i) bsp_sync();
  return (MPI_Wtime() - t0) / n;
}

double time_barriers(int n) {
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int i = 0; i < n; ++i) MPI_Barrier(MPI_COMM_WORLD);
  return (MPI_Wtime() - t0) / n;
}

double time_bsp_puts(const std::vector<std::uint64_t>& src, std::uint64_t* dst, bool hp) {
  int next = (bsp_pid() + 1) % bsp_nprocs();
  int n = static_cast<int>(src.size());
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int i = 0; i < n; ++i) {
    if (hp)
      bsp_hpput(next, &src[i], dst, i * 8, 8);
    else
      bsp_put(next, &src[i], dst, i * 8, 8);
  }
  bsp_sync();
  return MPI_Wtime() - t0;
}

double time_mpi_puts(const std::vector<std::uint64_t>& src, MPI_Win win) {
  int next = (bsp_pid() + 1) % bsp_nprocs();
  int n = static_cast<int>(src.size());
  MPI_Win_fence(0, win);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int i = 0; i < n; ++i) MPI_Put(&src[i], 8, MPI_BYTE, next, i, 8, MPI_BYTE, win);
  MPI_Win_fence(0, win);
  return MPI_Wtime() - t0;
}

enum class Exchange { kPut, kHpput, kGet, kHpget };

struct ExchangeTimes {
  double calls;  // the puts or gets alone, before the sync
  double total;  // the calls and the sync
};

// Block q of src goes to process q, into block me of its dst: pushed by puts,
// or pulled by q's gets (src is registered too).
ExchangeTimes time_bsp_exchange(std::vector<char>& src, char* dst, int n, Exchange how) {
  int p = bsp_nprocs(), me = bsp_pid();
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int k = 1; k < p; ++k) {
    int q = (me + k) % p;
    char* mine = src.data() + static_cast<std::size_t>(q) * n;
    char* theirs = dst + static_cast<std::size_t>(q) * n;
    switch (how) {
      case Exchange::kPut:
        bsp_put(q, mine, dst, me * n, n);
        break;
      case Exchange::kHpput:
        bsp_hpput(q, mine, dst, me * n, n);
        break;
      case Exchange::kGet:
        bsp_get(q, src.data(), me * n, theirs, n);
        break;
      case Exchange::kHpget:
        bsp_hpget(q, src.data(), me * n, theirs, n);
        break;
    }
  }
  double called = MPI_Wtime();
  bsp_sync();
  return {called - t0, MPI_Wtime() - t0};
}

double time_alltoall(const std::vector<char>& src, std::vector<char>& dst, int n) {
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  MPI_Alltoall(src.data(), n, MPI_BYTE, dst.data(), n, MPI_BYTE, MPI_COMM_WORLD);
  return MPI_Wtime() - t0;
}

// The slowest process's time counts, as for a superstep.
double slowest(double t) {
  double max = 0;
  MPI_Allreduce(&t, &max, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return max;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int puts = argc > 1 ? std::atoi(argv[1]) : 100000;
  int bytes = argc > 2 ? std::atoi(argv[2]) : (1 << 20);
  bsp_mpi_use_communicator(MPI_COMM_WORLD);
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), me = bsp_pid();
  const int syncs = 2000;

  std::vector<double> sync, barrier;
  for (int s = 0; s < kSamples; ++s) {
    sync.push_back(slowest(time_syncs(syncs)));
    barrier.push_back(slowest(time_barriers(syncs)));
  }

  std::vector<std::uint64_t> src(puts), dst(puts, 0);
  for (int i = 0; i < puts; ++i) src[i] = static_cast<std::uint64_t>(me) << 32 | i;
  bsp_push_reg(dst.data(), puts * 8);
  bsp_sync();
  std::uint64_t* window_memory = nullptr;
  MPI_Win win;
  MPI_Win_allocate(static_cast<MPI_Aint>(puts) * 8, 8, MPI_INFO_NULL, MPI_COMM_WORLD,
                   &window_memory, &win);
  std::vector<double> put, hpput, mpi_put;
  for (int s = 0; s < kSamples; ++s) {
    put.push_back(slowest(time_bsp_puts(src, dst.data(), false)));
    hpput.push_back(slowest(time_bsp_puts(src, dst.data(), true)));
    mpi_put.push_back(slowest(time_mpi_puts(src, win)));
  }
  int prev = (me + p - 1) % p;
  for (int i = 0; i < puts; ++i)
    if (dst[i] != (static_cast<std::uint64_t>(prev) << 32 | i) || window_memory[i] != dst[i])
      bsp_abort("small puts: wrong value at %d", i);
  MPI_Win_free(&win);

  std::size_t total = static_cast<std::size_t>(bytes) * p;
  std::vector<char> xsrc(total), xdst(total, 0), adst(total, 0);
  for (int q = 0; q < p; ++q) xsrc[static_cast<std::size_t>(q) * bytes] = static_cast<char>(me);
  bsp_push_reg(xdst.data(), static_cast<int>(total));
  bsp_push_reg(xsrc.data(), static_cast<int>(total));
  bsp_sync();
  // Every kind of exchange, then MPI_Alltoall, `samples` times: the medians
  // (kCalls + k: the calls alone of kind k, for bsp_put and bsp_hpput).
  constexpr int kAlltoall = 4, kCalls = 5, kKinds = 7;
  auto sample_exchanges = [&](int samples, double(&medians)[kKinds]) {
    constexpr Exchange kinds[] = {Exchange::kPut, Exchange::kHpput, Exchange::kGet,
                                  Exchange::kHpget};
    std::vector<double> times[kKinds];
    for (int s = 0; s < samples; ++s) {
      for (Exchange how : kinds) {
        const int k = static_cast<int>(how);
        std::fill(xdst.begin(), xdst.end(), 0);
        ExchangeTimes t = time_bsp_exchange(xsrc, xdst.data(), bytes, how);
        times[k].push_back(slowest(t.total));
        if (kCalls + k < kKinds) times[kCalls + k].push_back(slowest(t.calls));
        for (int q = 0; q < p; ++q)
          if (q != me && xdst[static_cast<std::size_t>(q) * bytes] != static_cast<char>(q))
            bsp_abort("total exchange %d: wrong data from %d", k, q);
      }
      times[kAlltoall].push_back(slowest(time_alltoall(xsrc, adst, bytes)));
    }
    for (int k = 0; k < kKinds; ++k) medians[k] = bench::median(times[k]);
  };
  // The first samples, then the same after as many more as 8 MiB of traffic
  // per kind (at least 4): a program that repeats an exchange runs at the
  // second figure once the buffers it writes round have come round once
  // (util/cache_ring.hpp); the goal is on that one, and both are printed.
  double first[kKinds], steady[kKinds];
  sample_exchanges(kSamples, first);
  double ignored[kKinds];
  sample_exchanges(std::max(4, (8 << 20) / bytes), ignored);
  sample_exchanges(kSamples, steady);
  for (int q = 0; q < p; ++q)
    if (q != me && adst[static_cast<std::size_t>(q) * bytes] != static_cast<char>(q))
      bsp_abort("MPI_Alltoall: wrong data from %d", q);

  if (me == 0) {
    double a = bench::median(sync), b = bench::median(barrier);
    std::printf("MPI engine vs plain MPI, p=%d (medians of %d samples, slowest process)\n", p,
                kSamples);
    std::printf("  empty superstep   bsp_sync %8.2f us   MPI_Barrier %8.2f us   ratio %.2f\n",
                a * 1e6, b * 1e6, a / b);
    double c = bench::median(put), d = bench::median(hpput), e = bench::median(mpi_put);
    std::printf(
        "  %d puts of 8 B  bsp_put %9.1f us   bsp_hpput %9.1f us   MPI_Put+fence %9.1f us"
        "   MPI / bsp_put = %.1f x\n",
        puts, c * 1e6, d * 1e6, e * 1e6, e / c);
    const char* names[] = {"bsp_put", "bsp_hpput", "bsp_get", "bsp_hpget"};
    std::printf(
        "  total exchange %d B per pair  bsp_put+sync %9.1f us   MPI_Alltoall %9.1f us"
        "   ratio %.2f\n",
        bytes, steady[0] * 1e6, steady[kAlltoall] * 1e6, steady[0] / steady[kAlltoall]);
    for (int k = 1; k < 4; ++k)
      std::printf("  the same exchange by %-9s + sync %9.1f us   ratio to MPI_Alltoall %.2f\n",
                  names[k], steady[k] * 1e6, steady[k] / steady[kAlltoall]);
    std::printf("  the first %d of each, ratios to MPI_Alltoall:", kSamples);
    for (int k = 0; k < 4; ++k) std::printf(" %s %.2f", names[k], first[k] / first[kAlltoall]);
    std::printf("\n");
    // bsp_put copies its bytes at the call, as its buffering requires; MPI_Alltoall
    // copies the process's own block instead. What is left is the syncs' difference.
    std::printf(
        "  of which the calls: bsp_put %.1f us (the copy buffering makes), bsp_hpput %.1f us;"
        " the rest: bsp_put %.1f us, bsp_hpput %.1f us\n",
        steady[kCalls] * 1e6, steady[kCalls + 1] * 1e6, (steady[0] - steady[kCalls]) * 1e6,
        (steady[1] - steady[kCalls + 1]) * 1e6);
  }
  bsp_end();
  MPI_Finalize();
  return 0;
}
