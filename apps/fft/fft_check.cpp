#include "fft_check.hpp"

#include <cmath>
#include <cstring>
#include <numbers>

#include "timing.hpp"

#ifdef SUPERSTEP_HAVE_FFTW
#include <fftw3.h>
#endif

namespace fft {

std::vector<Complex> direct_dft(const std::vector<Complex>& x) {
  const std::size_t n = x.size();
  std::vector<Complex> w(n);
  for (std::size_t k = 0; k < n; ++k) {
    const double angle = -2.0 * std::numbers::pi * static_cast<double>(k) / static_cast<double>(n);
    w[k] = {std::cos(angle), std::sin(angle)};
  }
  std::vector<Complex> out(n);
  for (std::size_t k = 0; k < n; ++k) {
    // Accumulated in long double so that the reference is well below the FFT's error.
    long double re = 0, im = 0;
    for (std::size_t j = 0; j < n; ++j) {
      const Complex& r = w[(j * k) % n];
      re += static_cast<long double>(x[j].re) * r.re - static_cast<long double>(x[j].im) * r.im;
      im += static_cast<long double>(x[j].re) * r.im + static_cast<long double>(x[j].im) * r.re;
    }
    out[k] = {static_cast<double>(re), static_cast<double>(im)};
  }
  return out;
}

double relative_error_bitreversed(const std::vector<Complex>& bitreversed,
                                  const std::vector<Complex>& ref) {
  const unsigned bits = log2_exact(ref.size());
  double diff = 0, norm = 0;
  for (std::size_t g = 0; g < ref.size(); ++g) {
    const Complex& r = ref[bit_reverse(g, bits)];
    const double dr = bitreversed[g].re - r.re, di = bitreversed[g].im - r.im;
    diff += dr * dr + di * di;
    norm += r.re * r.re + r.im * r.im;
  }
  return std::sqrt(diff / norm);
}

#ifdef SUPERSTEP_HAVE_FFTW
bool have_fftw() { return true; }

double fftw_forward(const std::vector<Complex>& x, std::vector<Complex>& out, int iterations) {
  const int n = static_cast<int>(x.size());
  fftw_complex* in = fftw_alloc_complex(x.size());
  fftw_complex* result = fftw_alloc_complex(x.size());
  fftw_plan plan = fftw_plan_dft_1d(n, in, result, FFTW_FORWARD, FFTW_ESTIMATE);
  const double best = apps::best_time(
      iterations, [&] { std::memcpy(in, x.data(), x.size() * sizeof(Complex)); },
      [&] { fftw_execute(plan); });
  out.resize(x.size());
  std::memcpy(out.data(), result, x.size() * sizeof(Complex));
  fftw_destroy_plan(plan);
  fftw_free(in);
  fftw_free(result);
  return best;
}
#else
bool have_fftw() { return false; }

double fftw_forward(const std::vector<Complex>&, std::vector<Complex>&, int) { return -1; }
#endif

}  // namespace fft
