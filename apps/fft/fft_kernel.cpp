#include "fft_kernel.hpp"

#include <cmath>
#include <numbers>

namespace fft {

namespace {

// w^e for w = exp(-2 pi i / n); e < n, so the angle is exact to rounding.
Complex root(std::size_t e, std::size_t n) {
  const double angle = -2.0 * std::numbers::pi * static_cast<double>(e) / static_cast<double>(n);
  return {std::cos(angle), std::sin(angle)};
}

}  // namespace

Plan cyclic_plan(std::size_t n, std::size_t p, std::size_t s) {
  Plan plan;
  for (std::size_t h = n / 2; h >= p && h >= 1; h /= 2) {
    const std::size_t half = h / p;
    plan.stages.push_back({half, plan.w.size()});
    // Local t < h/p holds global g = t p + s (mod h): exponent (t p + s) n / 2h.
    for (std::size_t t = 0; t < half; ++t) plan.w.push_back(root((t * p + s) * (n / (2 * h)), n));
  }
  return plan;
}

Plan block_plan(std::size_t n, std::size_t p) {
  Plan plan;
  for (std::size_t h = p / 2; h >= 1; h /= 2) {
    plan.stages.push_back({h, plan.w.size()});
    for (std::size_t t = 0; t < h; ++t) plan.w.push_back(root(t * (n / (2 * h)), n));
  }
  return plan;
}

void run(const Plan& plan, Complex* y, std::size_t m) {
  for (const Stage& stage : plan.stages) {
    const std::size_t h = stage.local_half;
    const Complex* w = plan.w.data() + stage.twiddles;
    for (std::size_t b = 0; b < m; b += 2 * h) {
      Complex* a = y + b;
      Complex* c = y + b + h;
      for (std::size_t t = 0; t < h; ++t) {
        const double dr = a[t].re - c[t].re, di = a[t].im - c[t].im;
        a[t].re += c[t].re;
        a[t].im += c[t].im;
        c[t].re = dr * w[t].re - di * w[t].im;
        c[t].im = dr * w[t].im + di * w[t].re;
      }
    }
  }
}

unsigned log2_exact(std::size_t x) {
  unsigned k = 0;
  while ((std::size_t{1} << k) < x) ++k;
  return k;
}

std::size_t bit_reverse(std::size_t x, unsigned bits) {
  std::size_t r = 0;
  for (unsigned i = 0; i < bits; ++i, x >>= 1) r = (r << 1) | (x & 1);
  return r;
}

}  // namespace fft
