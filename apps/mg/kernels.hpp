// MG's local operators (NPB 3.4 MG), on the interior points of this process's planes of a
// level; none exchanges halos (comm.hpp does). Sums are formed in NPB's order, through its
// row temporaries, so that the norms match NPB's to rounding.
#pragma once

#include <array>

#include "level.hpp"

namespace mg {

// r = v - A u (27-point operator with coefficients a). v and r may be the same array.
void resid(const Level& L, const double* u, const double* v, double* r,
           const std::array<double, 4>& a);
// u = u + C r (the smoother, coefficients c).
void psinv(const Level& L, const double* r, double* u, const std::array<double, 4>& c);
// The coarse planes z_lo .. z_hi of s = P r (trilinear restriction of the fine level's r).
void rprj3(const Level& fine, const double* r, const Level& coarse, double* s, int z_lo,
           int z_hi);
// u = u + Q z (trilinear prolongation), on every fine point this process holds, halos
// included: the coarse level's halos hold what they need.
void interp(const Level& coarse, const double* z, const Level& fine, double* u);

struct LocalNorm {
  double sum_squares = 0;
  double max_abs = 0;
};
LocalNorm local_norm(const Level& L, const double* r);

}  // namespace mg
