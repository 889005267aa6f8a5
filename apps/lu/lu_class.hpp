// The problem classes of NPB LU (NPB 3.4): an n^3 grid, the number of SSOR time steps, the
// time step dt, and the values verification compares with to a relative 10^-8: the RMS norms
// of the steady-state residual (five equations) after the last step, the RMS norms of the
// error against the exact solution, and the surface integral.
#pragma once

#include <array>
#include <string>

namespace lu {

inline constexpr double kEpsilon = 1e-8;

struct ProblemClass {
  char name;
  int n;           // points per dimension (nx = ny = nz)
  int iterations;  // SSOR time steps (NPB's itmax)
  double dt;
  std::array<double, 5> residual;  // NPB's xcrref
  std::array<double, 5> error;     // xceref
  double surface_integral;         // xciref
};

// The relaxation factor of the SSOR steps, the same in every class.
inline constexpr double kOmega = 1.2;

// The class named by letter (S, W, A, B or C).
const ProblemClass& problem_class(const std::string& name);

// NPB LU's operation count for the Mop/s figure: floating-point operations of `iterations`
// SSOR steps on an n^3 grid (the fit NPB prints its Mop/s with).
double operations(int n, int iterations);

}  // namespace lu
