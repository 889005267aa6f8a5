// fft: the parallel radix-2 FFT of the BSPlib paper (Hill et al. 1998, section 5.2).
//
// For p <= sqrt(n) one permutation suffices. The input is in the cyclic distribution (global
// element g on process g mod p); the first log2(n/p) stages of a decimation-in-frequency FFT
// combine pairs at distances n/2 .. p, all multiples of p, so both elements are local. Then
// bsppermute (the paper's code, one bsp_put per element) moves the vector to the block
// distribution, where the last log2(p) stages (distances p/2 .. 1 < n/p) are local again.
// The output stays in that distribution, in bit-reversed order, as the paper allows.
#include <bsp.h>

#include <cmath>
#include <vector>

#include "fft_check.hpp"
#include "fft_kernel.hpp"
#include "machine_params.hpp"
#include "options.hpp"
#include "random.hpp"
#include "report.hpp"
#include "spmd.hpp"
#include "timing.hpp"

namespace {

using fft::Complex;

const apps::AppInfo kApp = {
    "fft",
    "Parallel radix-2 FFT of n complex numbers (Hill et al. 1998): local stages in\n"
    "the cyclic distribution, one permutation with bsp_put, local stages in the block\n"
    "distribution. Compared with a sequential radix-2 FFT and, where built in, FFTW.",
    "length of the transform, a power of two",
    1 << 16,
    3,
    {},
    "p must be a power of two with p * p <= n. Check: relative L2 error of the result against\n"
    "a direct DFT (n <= 4096) or FFTW (larger n) below 1e-12."};

constexpr double kErrorBound = 1e-12;
constexpr long long kDirectDftMax = 4096;

Complex input(unsigned long long seed, std::size_t g) {
  return {2 * apps::random_unit(seed, g, 0) - 1, 2 * apps::random_unit(seed, g, 1) - 1};
}

// Where the permutation sends element j of process s (m elements a process): the process and
// the index there of global element j p + s in the block distribution.
struct Target {
  std::size_t pid, index;
};
inline Target permute_target(std::size_t j, std::size_t p, std::size_t s, std::size_t m) {
  const std::size_t sigma = j * p + s;
  return {sigma / m, sigma % m};
}

// The paper's bsppermute: cyclic to block, one bsp_put per element; x is registered.
void bsppermute(Complex* x, std::size_t n) {
  const std::size_t p = static_cast<std::size_t>(bsp_nprocs());
  const std::size_t s = static_cast<std::size_t>(bsp_pid());
  const std::size_t m = n / p;
  for (std::size_t j = 0; j < m; ++j) {
    const Target t = permute_target(j, p, s, m);
    bsp_put(static_cast<int>(t.pid), &x[j], x, static_cast<int>(t.index * sizeof(Complex)),
            sizeof(Complex));
  }
  bsp_sync();
}

struct Parallel {
  double best_s = 0;
  std::vector<Complex> result;  // on pid 0: the whole output, bit-reversed order
};

void spmd(const apps::Options& o, Parallel& out) {
  const std::size_t n = static_cast<std::size_t>(o.n);
  const std::size_t p = static_cast<std::size_t>(bsp_nprocs());
  const std::size_t s = static_cast<std::size_t>(bsp_pid());
  apps::require_procs(kApp.name.c_str(), o.p);
  const std::size_t m = n / p;

  // Twiddle factors once, outside the timed transform.
  const fft::Plan first = fft::cyclic_plan(n, p, s);
  const fft::Plan second = fft::block_plan(n, p);
  std::vector<Complex> x(m);
  bsp_push_reg(x.data(), static_cast<int>(m * sizeof(Complex)));
  bsp_sync();

  apps::SpmdTimer timer;
  double best = 1e300;
  for (int it = 0; it < o.iterations; ++it) {
    for (std::size_t j = 0; j < m; ++j) x[j] = input(o.seed, j * p + s);
    timer.start();
    fft::run(first, x.data(), m);
    bsppermute(x.data(), n);
    fft::run(second, x.data(), m);
    best = std::min(best, timer.stop());
  }

  // Gather the output on pid 0 for the check (untimed).
  // Registration pairs the k-th push of every process; only pid 0's has room.
  Complex none{};
  if (s == 0) out.result.resize(n);
  Complex* gathered = s == 0 ? out.result.data() : &none;
  bsp_push_reg(gathered, s == 0 ? static_cast<int>(n * sizeof(Complex)) : 0);
  bsp_sync();
  bsp_put(0, x.data(), gathered, static_cast<int>(s * m * sizeof(Complex)),
          static_cast<int>(m * sizeof(Complex)));
  bsp_sync();
  bsp_pop_reg(gathered);
  bsp_pop_reg(x.data());
  out.best_s = best;
}

// The work of one process in the timed region, measured: process 0's two local stages
// (cyclic, then block) on its n/p numbers, best of the iterations, on one process.
double local_stages_s(const apps::Options& o, const std::vector<Complex>& x) {
  const std::size_t n = static_cast<std::size_t>(o.n), p = static_cast<std::size_t>(o.p);
  const std::size_t m = n / p;
  const fft::Plan first = fft::cyclic_plan(n, p, 0);
  const fft::Plan second = fft::block_plan(n, p);
  std::vector<Complex> local(m);
  // The permutation's own arithmetic, each element's target (two integer divisions), is work
  // of the parallel program too: timed here with the targets kept, where the run puts them.
  std::vector<std::size_t> targets(m);
  return apps::best_time(
      o.iterations,
      [&] {
        for (std::size_t j = 0; j < m; ++j) local[j] = x[j * p];
      },
      [&] {
        fft::run(first, local.data(), m);
        for (std::size_t j = 0; j < m; ++j) {
          const Target t = permute_target(j, p, 0, m);
          targets[j] = t.pid + t.index;
        }
        fft::run(second, local.data(), m);
      });
}

}  // namespace

int main(int argc, char** argv) {
  const apps::Options o = apps::parse_options(kApp, argc, argv);
  if (!apps::is_power_of_two(o.n))
    apps::bad_argument(kApp, "n = " + std::to_string(o.n) + " is not a power of two");
  if (!apps::is_power_of_two(o.p))
    apps::bad_argument(kApp, "p = " + std::to_string(o.p) + " is not a power of two");
  if (static_cast<long long>(o.p) * o.p > o.n)
    apps::bad_argument(kApp, "p = " + std::to_string(o.p) + " exceeds sqrt(n) = sqrt(" +
                                 std::to_string(o.n) + "): one permutation needs p * p <= n");
  if (o.n > (1LL << 26)) apps::bad_argument(kApp, "n larger than 2^26 is not supported");
  const std::vector<apps::MachineParams> machine =
      apps::load_machine_params(kApp.name, o.params);

  Parallel par;
  if (!apps::run_spmd(o.p, [&] { spmd(o, par); })) return 0;

  // Sequential baseline: the same radix-2 code and twiddle table on one process.
  const std::size_t n = static_cast<std::size_t>(o.n);
  std::vector<Complex> x(n);
  for (std::size_t g = 0; g < n; ++g) x[g] = input(o.seed, g);
  const fft::Plan whole = fft::cyclic_plan(n, 1, 0);
  std::vector<Complex> y;
  const double seq_s = apps::best_time(
      o.iterations, [&] { y = x; }, [&] { fft::run(whole, y.data(), n); });

  apps::Report report(kApp, o);
  std::vector<Complex> fftw_out;
  const double fftw_s = fft::fftw_forward(x, fftw_out, o.iterations);
  if (o.n <= kDirectDftMax) {
    const double e = fft::relative_error_bitreversed(par.result, fft::direct_dft(x));
    report.check(
        apps::format("relative L2 error against a direct DFT %.2e (bound %.0e)", e, kErrorBound),
        e <= kErrorBound);
  } else if (fftw_s >= 0) {
    const double e = fft::relative_error_bitreversed(par.result, fftw_out);
    report.check(apps::format("relative L2 error against FFTW %.2e (bound %.0e)", e, kErrorBound),
                 e <= kErrorBound);
  } else {
    // Without FFTW only the sequential radix-2 result is at hand: the same arithmetic, so
    // this checks the distribution and the permutation, not the transform itself.
    double diff = 0, norm = 0;
    for (std::size_t g = 0; g < n; ++g) {
      diff += std::hypot(par.result[g].re - y[g].re, par.result[g].im - y[g].im);
      norm += std::hypot(y[g].re, y[g].im);
    }
    report.check(apps::format("relative L1 difference from the sequential radix-2 FFT %.2e "
                              "(bound %.0e; FFTW not built in)",
                              diff / norm, kErrorBound),
                 diff / norm <= kErrorBound);
  }
  report.times(par.best_s, "sequential radix-2", seq_s);
  if (fftw_s >= 0) report.baseline("FFTW (estimate plan, one process)", fftw_s, "absolute speedup");

  if (!machine.empty()) {
    // T = the local stages of process 0 at its own size and the permutation's target
    // arithmetic, timed alone (the parallel program's kernels on n/p numbers, so the rate is
    // the one its cache gives them), plus the
    // permutation: an h-relation of n/p (1 - 1/p) complex numbers (4 words each) by bsp_put,
    // one message per element, and two supersteps (the permutation and the closing sync of the
    // timed region).
    const auto params = apps::params_for(machine, o.p);
    apps::CostPrediction cost;
    cost.compute_s = local_stages_s(o, x);
    if (params) {
      const double h =
          static_cast<double>(n / o.p) * (1.0 - 1.0 / o.p) * (sizeof(Complex) / apps::kWordBytes);
      cost.relation(h, params->g_put);
      // One 16-byte bsp_put per element, its own included: n/p small puts, each costing
      // o_small (the library joins them into records).
      cost.messages(static_cast<double>(n / o.p), params->o_put_small);
      cost.syncs(2, params->l);
    }
    report.prediction(params, cost);
  }
  return report.finish();
}
