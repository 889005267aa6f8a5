// The problem classes of NPB MG (NPB 3.4): an n^3 periodic grid, nit V-cycles, the smoother's
// coefficients (S(a) for S, W, A; S(b) for B, C) and the L2 norm of the final residual that
// verification compares with, to a relative 10^-8.
#pragma once

#include <array>
#include <string>

namespace mg {

inline constexpr double kEpsilon = 1e-8;

struct ProblemClass {
  char name;
  int log2_n;
  int iterations;
  double reference_norm;
  std::array<double, 4> smoother;  // c
};

// The residual operator A's coefficients (the same for every class).
inline constexpr std::array<double, 4> kOperator = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};

// The class named by letter (S, W, A, B or C).
const ProblemClass& problem_class(const std::string& name);

}  // namespace mg
