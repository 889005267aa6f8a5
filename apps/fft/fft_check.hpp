// References for the FFT: a direct O(n^2) DFT (small n) and FFTW (large n, where the build
// found it). Both give the transform in natural order.
#pragma once

#include <vector>

#include "fft_kernel.hpp"

namespace fft {

std::vector<Complex> direct_dft(const std::vector<Complex>& x);

// ||X - ref||_2 / ||ref||_2 where X is in bit-reversed order (X[bitrev(k)] at k), as the
// radix-2 DIF leaves it, and ref in natural order.
double relative_error_bitreversed(const std::vector<Complex>& bitreversed,
                                  const std::vector<Complex>& ref);

bool have_fftw();
// FFTW's forward transform of x into out (FFTW_ESTIMATE plan); returns the best time of
// `iterations` executions, or a negative number when the build has no FFTW.
double fftw_forward(const std::vector<Complex>& x, std::vector<Complex>& out, int iterations);

}  // namespace fft
