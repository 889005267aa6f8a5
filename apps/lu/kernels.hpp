// LU's local computation, on one process's block (subdomain.hpp): the exact solution, the
// steady-state operator R(u) of the five coupled equations (convective and viscous fluxes,
// second- and fourth-order dissipation, in each of the three dimensions), the SSOR sweeps' rows
// (the 5 x 5 blocks of the Jacobian and the point solves), and the local sums of the norms and the
// surface integral. Dimension 0 is i (x, xi), 1 is j (y, eta), 2 is k (z, zeta); velocity component
// 1 + d lies along dimension d.
#pragma once

#include <array>
#include <vector>

#include "subdomain.hpp"

namespace lu {

// The constants of NPB LU's discretisation for an n^3 grid and time step dt.
struct Coefficients {
  int n = 0;
  double dt = 0, omega = 0;
  std::array<double, 3> h{};     // mesh widths 1/(n-1)
  std::array<double, 3> t1{};    // 1/h^2
  std::array<double, 3> t2{};    // 1/(2h)
  std::array<double, 3> t3{};    // 1/h
  std::array<double, 3> diss{};  // second-order dissipation per dimension
  double dssp = 0;               // fourth-order dissipation
  Coefficients(int n_points, double time_step, double relaxation);
};

// The exact solution at grid point (i, j, k): five values.
void exact(const Coefficients& c, int i, int j, int k, double* out);

// u on the grid's faces from the exact solution (NPB's setbv) and inside by transfinite
// interpolation of the faces (setiv), on the owned points.
void set_initial(const Coefficients& c, const Box& b, double* u);
// The exact solution on the owned points and the halo points inside the grid.
void set_exact(const Coefficients& c, const Box& b, double* u);

// Work space of add_operator, kept between calls.
struct Scratch {
  std::vector<double> aux, flux;
};

// r += R(u) on the interior points of the block; u's halos must be current.
void add_operator(const Coefficients& c, const Box& b, const double* u, double* r,
                  Scratch& scratch);

// The lower sweep on row j of plane k: points i = ist .. iend-1 in turn, each
//   v -= omega (Z v(k-1) + Y v(j-1) + X v(i-1)),  v = D^-1 v,
// with D the diagonal block of the Jacobian at the point and Z, Y, X its blocks towards the
// neighbours below in k, j and i (at their values of u).
void lower_row(const Coefficients& c, const Box& b, const double* u, double* v, int j, int k);
// The upper sweep on row j of plane k: points i = iend-1 down to ist, each
//   v -= D^-1 omega (Z v(k+1) + Y v(j+1) + X v(i+1)),
// with the blocks towards the neighbours above.
void upper_row(const Coefficients& c, const Box& b, const double* u, double* v, int j, int k);

// Sums of squares of each component over the interior points of the block.
std::array<double, 5> local_squares(const Box& b, const double* v);
// Sums of squares of u - exact over the interior points.
std::array<double, 5> local_error_squares(const Coefficients& c, const Box& b, const double* u);
// This block's share of NPB's surface integral (before the mesh-width factors): three
// partial sums, over the k, j and i faces of the integration box.
std::array<double, 3> local_surface_sums(const Box& b, const double* u);

}  // namespace lu
