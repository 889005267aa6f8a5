// Radix-2 decimation-in-frequency FFT stages on a local array, with twiddle factors computed
// once per plan. The sequential transform and both phases of the parallel one run the same
// stage loop; only the plan (which stages, which twiddles) differs.
//
// A DIF stage with half-size h combines the global elements g and g + h (g mod 2h < h):
//   a' = a + b,  b' = (a - b) w^((g mod h) n / 2h),  w = exp(-2 pi i / n).
// Starting from natural order and running h = n/2, n/4, ..., 1 leaves X[bitrev(g)] at g.
#pragma once

#include <cstddef>
#include <vector>

namespace fft {

struct Complex {
  double re, im;
};

struct Stage {
  std::size_t local_half;  // distance of a pair in the local array
  std::size_t twiddles;    // offset of this stage's local_half twiddles in Plan::w
};

struct Plan {
  std::vector<Stage> stages;
  std::vector<Complex> w;
};

// Stages h = n/2 .. p (h >= p) of length n on process s of p in the cyclic distribution
// (local j holds global j p + s): there a pair is local, at distance h/p.
// With p = 1 this is the whole sequential transform.
Plan cyclic_plan(std::size_t n, std::size_t p, std::size_t s);

// Stages h = p/2 .. 1 of length n in the block distribution (blocks of n/p >= p elements):
// pairs are local at distance h, and the twiddles are the same on every process.
Plan block_plan(std::size_t n, std::size_t p);

// Runs the plan's stages on y[0..m).
void run(const Plan& plan, Complex* y, std::size_t m);

unsigned log2_exact(std::size_t x);
std::size_t bit_reverse(std::size_t x, unsigned bits);

}  // namespace fft
