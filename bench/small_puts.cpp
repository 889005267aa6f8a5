// Many small puts: every process issues `count` puts of 8 bytes to the next
// process, then syncs (the bsp_put and bsp_hpput paths); and as many 8-byte
// sends, a sync and a drain of the queue with bsp_move (the BSMP path); and
// `count` puts of 8 bytes dealt out cyclically, element i to process
// (pid + i) % p, each process's elements consecutive in its slice there (a
// cyclic distribution: the puts to each process continue one another while
// puts to the others come in between), beside that loop's index arithmetic
// timed alone; and `count` puts of 16 bytes (a
// complex number) dealt as an FFT's permutation deals its vector from the
// cyclic to the block distribution (apps/fft): element j of process s to
// process (j p + s) / m at element (j p + s) mod m, m = count / p, so that
// the puts to each process lie p elements apart.
// At p = 2 on shared memory it also prints a cache line's round trip between
// the two processes, sampled before each round of samples: the host's
// placement of their processors (memory_before_begin.hpp).
// bench/compare.sh runs the OpenMPI peer (bench_mpi_small_puts) beside it.
// Usage: bench_small_puts [p] [count]
#include <bsp.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#include "bench_support.hpp"
#include "memory_before_begin.hpp"

namespace {
double time_puts(const std::vector<std::uint64_t>& src, std::uint64_t* dst, int count, bool hp) {
  int next = (bsp_pid() + 1) % bsp_nprocs();
  bsp_sync();
  double t0 = bsp_time();
  for (int i = 0; i < count; ++i) {
    if (hp)
      bsp_hpput(next, &src[i], dst, i * 8, 8);
    else
      bsp_put(next, &src[i], dst, i * 8, 8);
  }
  bsp_sync();
  return bsp_time() - t0;
}
double time_cyclic_puts(const std::vector<std::uint64_t>& src, std::uint64_t* dst, int count) {
  int p = bsp_nprocs(), me = bsp_pid();
  int slice = (count + p - 1) / p;
  bsp_sync();
  double t0 = bsp_time();
  for (int i = 0; i < count; ++i) bsp_put((me + i) % p, &src[i], dst, (me * slice + i / p) * 8, 8);
  bsp_sync();
  return bsp_time() - t0;
}
// The cyclic loop's own index arithmetic, with no puts: two integer divisions
// an element, by a p the compiler does not know. Timed in the same launch, it
// shows how much of the cyclic row is the program's rather than the library's.
volatile std::uint64_t index_sink;  // keeps the arithmetic below from being left out
double time_cyclic_indices(int count) {
  int p = bsp_nprocs(), me = bsp_pid();
  int slice = (count + p - 1) / p;
  std::uint64_t sum = 0;
  bsp_sync();
  double t0 = bsp_time();
  for (int i = 0; i < count; ++i)
    sum += static_cast<std::uint64_t>((me + i) % p) ^
           static_cast<std::uint64_t>((me * slice + i / p) * 8);
  double elapsed = bsp_time() - t0;
  index_sink = sum;
  return elapsed;
}
struct Complex {
  double re, im;
};
double time_permutation(const std::vector<Complex>& src, Complex* dst, int m) {
  const int p = bsp_nprocs(), me = bsp_pid();
  bsp_sync();
  double t0 = bsp_time();
  for (int j = 0; j < m; ++j) {
    const int sigma = j * p + me;
    bsp_put(sigma / m, &src[j], dst, (sigma % m) * static_cast<int>(sizeof(Complex)),
            sizeof(Complex));
  }
  bsp_sync();
  return bsp_time() - t0;
}
double time_sends(const std::vector<std::uint64_t>& src, int count) {
  int next = (bsp_pid() + 1) % bsp_nprocs();
  bsp_sync();
  double t0 = bsp_time();
  for (int i = 0; i < count; ++i) bsp_send(next, nullptr, &src[i], 8);
  bsp_sync();
  int n = 0;
  bsp_qsize(&n, nullptr);
  std::uint64_t sum = 0;
  for (int k = 0; k < n; ++k) {
    std::uint64_t v;
    bsp_move(&v, 8);
    sum += v;
  }
  double t = bsp_time() - t0;
  if (n != count) bsp_abort("%d messages arrived, not %d", n, count);
  return sum == 0 && count > 1 ? -1 : t;  // the sum keeps the drain from being optimised away
}
}  // namespace

int main(int argc, char** argv) {
  int p = argc > 1 ? std::atoi(argv[1]) : 2;
  int count = argc > 2 ? std::atoi(argv[2]) : 100000;
  // 24: the first 8 supersteps of each pattern beside the next 16 (a program's first
  // supersteps as against its steady state).
  const int samples = 24;
  static bench::LineRoundTrips round_trips;  // its page is mapped before bsp_begin
  bsp_begin(p);
  const bool placement_measured = round_trips.start();
  std::vector<std::uint64_t> src(count), dst(count, 0);
  for (int i = 0; i < count; ++i) src[i] = static_cast<std::uint64_t>(bsp_pid()) << 32 | i;
  p = bsp_nprocs();
  int slice = (count + p - 1) / p;
  std::vector<std::uint64_t> dealt(static_cast<std::size_t>(slice) * p, 0);
  bsp_push_reg(dst.data(), count * 8);
  bsp_push_reg(dealt.data(), static_cast<int>(dealt.size() * 8));
  const int m = count / p;  // the permutation's elements per process
  std::vector<Complex> vector_part(m), permuted(m);
  for (int j = 0; j < m; ++j) vector_part[j] = {static_cast<double>(j * p + bsp_pid()), 0.5};
  bsp_push_reg(permuted.data(), m * static_cast<int>(sizeof(Complex)));
  bsp_sync();
  std::vector<double> put, hpput, send, cyclic, indices, permutation;
  for (int s = 0; s < samples; ++s) {
    round_trips.sample();
    put.push_back(time_puts(src, dst.data(), count, false));
    hpput.push_back(time_puts(src, dst.data(), count, true));
    send.push_back(time_sends(src, count));
    cyclic.push_back(time_cyclic_puts(src, dealt.data(), count));
    indices.push_back(time_cyclic_indices(count));
    permutation.push_back(time_permutation(vector_part, permuted.data(), m));
  }
  for (int k = 0; k < m; ++k)  // global element bsp_pid() * m + k, in the block distribution
    if (permuted[k].re != static_cast<double>(bsp_pid() * m + k) || permuted[k].im != 0.5)
      bsp_abort("wrong permuted element at %d", k);
  int prev = (bsp_pid() + bsp_nprocs() - 1) % bsp_nprocs();
  for (int i = 0; i < count; ++i)
    if (dst[i] != (static_cast<std::uint64_t>(prev) << 32 | i)) bsp_abort("wrong value at %d", i);
  for (int s = 0; s < bsp_nprocs(); ++s)
    for (int i = (bsp_pid() - s + p) % p; i < count; i += p)
      if (dealt[static_cast<std::size_t>(s) * slice + i / p] !=
          (static_cast<std::uint64_t>(s) << 32 | i))
        bsp_abort("wrong cyclic value from %d at %d", s, i);
  if (bsp_pid() == 0)
    std::printf(
        "small puts, p=%d, %d puts of 8 bytes then one sync (medians of %d): bsp_put %.1f us, "
        "bsp_hpput %.1f us, bsp_send+sync+bsp_move %.1f us\n",
        p, count, samples, bench::median(put) * 1e6, bench::median(hpput) * 1e6,
        bench::median(send) * 1e6);
  const double round_trip = round_trips.take_median();
  if (bsp_pid() == 0 && placement_measured)
    std::printf("  a cache line's round trip between the two processes meanwhile: %.3f us\n",
                round_trip * 1e6);
  if (bsp_pid() == 0)
    std::printf(
        "  dealt cyclically, %d puts of 8 bytes, element i to process (pid + i) %% %d, then one "
        "sync: %.1f us\n",
        count, p, bench::median(cyclic) * 1e6);
  if (bsp_pid() == 0)
    std::printf(
        "    the same loop's index arithmetic alone, (pid + i) %% %d and i / %d with no puts: "
        "%.1f us\n",
        p, p, bench::median(indices) * 1e6);
  if (bsp_pid() == 0)
    std::printf(
        "  as an FFT's permutation, %d puts of 16 bytes, element j of process s to process "
        "(j p + s) / m, element (j p + s) %% m, then the sync: %.1f us\n",
        m * p, bench::median(permutation) * 1e6);
  if (bsp_pid() == 0) {
    std::printf("  each pattern's %d supersteps in the order they ran, us:\n", samples);
    for (const auto& [name, series] :
         {std::pair{"bsp_put", &put}, std::pair{"bsp_hpput", &hpput},
          std::pair{"bsp_send+sync+bsp_move", &send}, std::pair{"dealt cyclically", &cyclic},
          std::pair{"as an FFT's permutation", &permutation}})
      std::printf("    %-24s %s\n", name,
                  bench::series_text(bench::series_of(*series), 1e6, "%.1f").c_str());
  }
  bsp_end();
  return 0;
}
