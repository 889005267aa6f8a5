#include "kernels.hpp"

#include <algorithm>
#include <vector>

namespace lu {

namespace {

using Block5 = std::array<std::array<double, 5>, 5>;

// The gas constants of the equations.
constexpr double c1 = 1.4, c2 = 0.4, c3 = 0.1, c4 = 1.0, c5 = 1.4;
constexpr double r43 = 4.0 / 3.0;
constexpr double c34 = c3 * c4;
constexpr double c1345 = c1 * c3 * c4 * c5;

// The coefficients of the exact solution: component m is the sum over the three dimensions of
// a quartic in the coordinate, kExact[m] = {constant, linear in xi, eta, zeta, quadratic in
// xi, eta, zeta, cubic ..., quartic ...}.
constexpr double kExact[5][13] = {
    {2.0, 0.0, 0.0, 4.0, 5.0, 3.0, 0.5, 0.02, 0.01, 0.03, 0.5, 0.4, 0.3},
    {1.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 0.01, 0.03, 0.02, 0.4, 0.3, 0.5},
    {2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.04, 0.03, 0.05, 0.3, 0.5, 0.4},
    {2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.03, 0.05, 0.04, 0.2, 0.1, 0.3},
    {5.0, 4.0, 3.0, 2.0, 0.1, 0.4, 0.3, 0.05, 0.04, 0.03, 0.1, 0.3, 0.2},
};

void exact_at(double xi, double eta, double zeta, double* out) {
  for (int m = 0; m < 5; ++m) {
    const double* e = kExact[m];
    out[m] = e[0] + e[1] * xi + e[2] * eta + e[3] * zeta + e[4] * xi * xi + e[5] * eta * eta +
             e[6] * zeta * zeta + e[7] * xi * xi * xi + e[8] * eta * eta * eta +
             e[9] * zeta * zeta * zeta + e[10] * xi * xi * xi * xi + e[11] * eta * eta * eta * eta +
             e[12] * zeta * zeta * zeta * zeta;
  }
}

// R(u)'s terms along dimension dim on one line of points lo .. hi-1 (global index along dim,
// all interior), the line's point lo at u + base and r + base, neighbours `stride` apart.
void add_line(const Coefficients& c, int dim, const double* u, double* r, std::ptrdiff_t stride,
              int lo, int hi, std::vector<double>& flux) {
  const int n = c.n;
  const int normal = 1 + dim;  // the velocity component along dim
  const double t1 = c.t1[dim], t2 = c.t2[dim], t3 = c.t3[dim], diss = c.diss[dim];
  const int points = hi - lo + 2;  // fluxes at lo-1 .. hi
  flux.resize(static_cast<std::size_t>(points) * 5);
  auto at = [&](int g) { return static_cast<std::ptrdiff_t>(g - lo) * stride; };
  auto f = [&](int g) { return flux.data() + 5 * (g - lo + 1); };

  // Convective flux at lo-1 .. hi, then its central difference.
  for (int g = lo - 1; g <= hi; ++g) {
    const double* q = u + at(g);
    double* out = f(g);
    const double velocity = q[normal] / q[0];
    const double kinetic = 0.5 * (q[1] * q[1] + q[2] * q[2] + q[3] * q[3]) / q[0];
    out[0] = q[normal];
    for (int m = 1; m <= 3; ++m) out[m] = q[m] * velocity;
    out[normal] += c2 * (q[4] - kinetic);
    out[4] = (c1 * q[4] - c2 * kinetic) * velocity;
  }
  for (int g = lo; g < hi; ++g) {
    double* out = r + at(g);
    for (int m = 0; m < 5; ++m) out[m] = out[m] - t2 * (f(g + 1)[m] - f(g - 1)[m]);
  }
  // Viscous flux between g-1 and g, for g = lo .. hi (stored at g).
  for (int g = lo; g <= hi; ++g) {
    const double* q = u + at(g);
    const double* p = u + at(g - 1);
    const double ri = 1.0 / q[0], rp = 1.0 / p[0];
    double v[5], w[5];
    for (int m = 1; m < 5; ++m) {
      v[m] = ri * q[m];
      w[m] = rp * p[m];
    }
    double* out = f(g);
    for (int m = 1; m <= 3; ++m) out[m] = (m == normal ? r43 * t3 : t3) * (v[m] - w[m]);
    out[4] = 0.5 * (1.0 - c1 * c5) * t3 *
                 ((v[1] * v[1] + v[2] * v[2] + v[3] * v[3]) -
                  (w[1] * w[1] + w[2] * w[2] + w[3] * w[3])) +
             (1.0 / 6.0) * t3 * (v[normal] * v[normal] - w[normal] * w[normal]) +
             c1 * c5 * t3 * (v[4] - w[4]);
  }
  for (int g = lo; g < hi; ++g) {
    const double* q = u + at(g);
    const double* qm = u + at(g - 1);
    const double* qp = u + at(g + 1);
    double* out = r + at(g);
    out[0] = out[0] + diss * t1 * (qm[0] - 2.0 * q[0] + qp[0]);
    for (int m = 1; m < 5; ++m)
      out[m] = out[m] + t3 * c3 * c4 * (f(g + 1)[m] - f(g)[m]) +
               diss * t1 * (qm[m] - 2.0 * q[m] + qp[m]);
  }
  // Fourth-order dissipation, one-sided next to the grid's faces.
  for (int g = lo; g < hi; ++g) {
    double* out = r + at(g);
    const double* q0 = u + at(g);
    for (int m = 0; m < 5; ++m) {
      double s;
      if (g == 1)
        s = 5.0 * q0[m] - 4.0 * u[at(2) + m] + u[at(3) + m];
      else if (g == 2)
        s = -4.0 * u[at(1) + m] + 6.0 * q0[m] - 4.0 * u[at(3) + m] + u[at(4) + m];
      else if (g == n - 3)
        s = u[at(n - 5) + m] - 4.0 * u[at(n - 4) + m] + 6.0 * q0[m] - 4.0 * u[at(n - 2) + m];
      else if (g == n - 2)
        s = u[at(n - 4) + m] - 4.0 * u[at(n - 3) + m] + 5.0 * q0[m];
      else
        s = u[at(g - 2) + m] - 4.0 * u[at(g - 1) + m] + 6.0 * q0[m] - 4.0 * u[at(g + 1) + m] +
            u[at(g + 2) + m];
      out[m] = out[m] - c.dssp * s;
    }
  }
}

// Gaussian elimination without pivoting on a copy of d; v becomes d^-1 v. (Fully unrolled:
// the sweeps spend most of their time here.)
[[gnu::always_inline]] inline void solve(const Block5& d, double* v) {
  Block5 t = d;
#pragma GCC unroll 4
  for (int col = 0; col < 4; ++col) {
    const double inv = 1.0 / t[col][col];
#pragma GCC unroll 4
    for (int row = col + 1; row < 5; ++row) {
      const double factor = inv * t[row][col];
#pragma GCC unroll 4
      for (int k = col + 1; k < 5; ++k) t[row][k] = t[row][k] - factor * t[col][k];
      v[row] = v[row] - v[col] * factor;
    }
  }
#pragma GCC unroll 5
  for (int row = 4; row >= 0; --row) {
    double s = v[row];
#pragma GCC unroll 4
    for (int k = row + 1; k < 5; ++k) s = s - t[row][k] * v[k];
    v[row] = s / t[row][row];
  }
}

}  // namespace

Coefficients::Coefficients(int n_points, double time_step, double relaxation)
    : n(n_points), dt(time_step), omega(relaxation) {
  for (int d = 0; d < 3; ++d) {
    h[d] = 1.0 / (n - 1);
    t1[d] = 1.0 / (h[d] * h[d]);
    t2[d] = 1.0 / (2.0 * h[d]);
    t3[d] = 1.0 / h[d];
  }
  diss = {0.75, 0.75, 1.0};
  dssp = std::max({diss[0], diss[1], diss[2]}) / 4.0;
}

void exact(const Coefficients& c, int i, int j, int k, double* out) {
  exact_at(static_cast<double>(i) / (c.n - 1), static_cast<double>(j) / (c.n - 1),
           static_cast<double>(k) / (c.n - 1), out);
}

void set_exact(const Coefficients& c, const Box& b, double* u) {
  const int ilo = std::max(b.i0 - 2, 0), ihi = std::min(b.i1 + 2, c.n);
  const int jlo = std::max(b.j0 - 2, 0), jhi = std::min(b.j1 + 2, c.n);
  for (int k = 0; k < c.n; ++k)
    for (int j = jlo; j < jhi; ++j)
      for (int i = ilo; i < ihi; ++i) exact(c, i, j, k, u + b.at(i, j, k));
}

void set_initial(const Coefficients& c, const Box& b, double* u) {
  const int n = c.n;
  for (int k = 0; k < n; ++k)
    for (int j = b.j0; j < b.j1; ++j)
      for (int i = b.i0; i < b.i1; ++i) {
        double* out = u + b.at(i, j, k);
        const bool face = i == 0 || i == n - 1 || j == 0 || j == n - 1 || k == 0 || k == n - 1;
        if (face) {
          exact(c, i, j, k, out);
          continue;
        }
        const double xi = static_cast<double>(i) / (n - 1);
        const double eta = static_cast<double>(j) / (n - 1);
        const double zeta = static_cast<double>(k) / (n - 1);
        double west[5], east[5], south[5], north[5], bottom[5], top[5];
        exact(c, 0, j, k, west);
        exact(c, n - 1, j, k, east);
        exact(c, i, 0, k, south);
        exact(c, i, n - 1, k, north);
        exact(c, i, j, 0, bottom);
        exact(c, i, j, n - 1, top);
        for (int m = 0; m < 5; ++m) {
          const double px = (1.0 - xi) * west[m] + xi * east[m];
          const double py = (1.0 - eta) * south[m] + eta * north[m];
          const double pz = (1.0 - zeta) * bottom[m] + zeta * top[m];
          out[m] = px + py + pz - px * py - py * pz - pz * px + px * py * pz;
        }
      }
}

void add_operator(const Coefficients& c, const Box& b, const double* u, double* r) {
  const int n = c.n;
  std::vector<double> flux;
  const std::ptrdiff_t si = b.stride(0), sj = b.stride(1), sk = b.stride(2);
  if (b.ist >= b.iend || b.jst >= b.jend) return;
  for (int k = 1; k < n - 1; ++k)
    for (int j = b.jst; j < b.jend; ++j) {
      const std::size_t base = b.at(b.ist, j, k);
      add_line(c, 0, u + base, r + base, si, b.ist, b.iend, flux);
    }
  for (int k = 1; k < n - 1; ++k)
    for (int i = b.ist; i < b.iend; ++i) {
      const std::size_t base = b.at(i, b.jst, k);
      add_line(c, 1, u + base, r + base, sj, b.jst, b.jend, flux);
    }
  for (int j = b.jst; j < b.jend; ++j)
    for (int i = b.ist; i < b.iend; ++i) {
      const std::size_t base = b.at(i, j, 1);
      add_line(c, 2, u + base, r + base, sk, 1, n - 1, flux);
    }
}

namespace {

[[gnu::always_inline]] inline void diagonal_block(const Coefficients& c, const double* u,
                                                  Block5& d) {
  const double r1 = 1.0 / u[0], r2 = r1 * r1, r3 = r1 * r2;
  const double dt2 = c.dt * 2.0;
  for (auto& row : d) row.fill(0.0);
  // Per dimension: the viscous factor of each velocity component (4/3 along the dimension).
  auto factor = [](int dim, int m) { return m == 1 + dim ? r43 : 1.0; };
  double diss_sum = 0;
#pragma GCC unroll 5
  for (int dim = 0; dim < 3; ++dim) diss_sum += c.t1[dim] * c.diss[dim];
  d[0][0] = 1.0 + dt2 * diss_sum;
#pragma GCC unroll 5
  for (int m = 1; m <= 3; ++m) {
    double lower = 0, diagonal = 0;
#pragma GCC unroll 5
    for (int dim = 0; dim < 3; ++dim) {
      lower += c.t1[dim] * (-factor(dim, m) * c34 * r2 * u[m]);
      diagonal += c.t1[dim] * factor(dim, m) * c34 * r1;
    }
    d[m][0] = dt2 * lower;
    d[m][m] = 1.0 + dt2 * diagonal + dt2 * diss_sum;
  }
  double energy0 = 0, energy4 = 0;
#pragma GCC unroll 5
  for (int dim = 0; dim < 3; ++dim) {
    double s = 0;
#pragma GCC unroll 5
    for (int m = 1; m <= 3; ++m) s -= (factor(dim, m) * c34 - c1345) * r3 * (u[m] * u[m]);
    energy0 += c.t1[dim] * (s - c1345 * r2 * u[4]);
    energy4 += c.t1[dim] * c1345 * r1;
  }
  d[4][0] = dt2 * energy0;
#pragma GCC unroll 5
  for (int m = 1; m <= 3; ++m) {
    double s = 0;
#pragma GCC unroll 5
    for (int dim = 0; dim < 3; ++dim) s += c.t1[dim] * (factor(dim, m) * c34 - c1345) * r2 * u[m];
    d[4][m] = dt2 * s;
  }
  d[4][4] = 1.0 + dt2 * energy4 + dt2 * diss_sum;
}

[[gnu::always_inline]] inline void neighbour_block(const Coefficients& c, const double* u, int dim,
                                                   double sign, Block5& a) {
  const int nn = 1 + dim;
  const double r1 = 1.0 / u[0], r2 = r1 * r1, r3 = r1 * r2;
  const double s = sign * c.dt * c.t2[dim];  // convective terms
  const double v = c.dt * c.t1[dim];         // viscous and dissipative terms
  const double diss = c.diss[dim];
  const double squares = u[1] * u[1] + u[2] * u[2] + u[3] * u[3];
  for (auto& row : a) row.fill(0.0);
  a[0][0] = -v * diss;
  a[0][nn] = s;
  // The momentum along dim.
  a[nn][0] = s * (-(u[nn] * r1) * (u[nn] * r1) + 0.5 * c2 * (squares * r2)) -
             v * (-r43 * c34 * r2 * u[nn]);
  a[nn][nn] = s * ((2.0 - c2) * (u[nn] * r1)) - v * (r43 * c34 * r1) - v * diss;
  a[nn][4] = s * c2;
#pragma GCC unroll 5
  for (int t = 1; t <= 3; ++t) {
    if (t == nn) continue;
    a[nn][t] = s * (-c2 * (u[t] * r1));
    // The momentum across dim.
    a[t][0] = s * (-(u[nn] * u[t]) * r2) - v * (-c34 * r2 * u[t]);
    a[t][nn] = s * (u[t] * r1);
    a[t][t] = s * (u[nn] * r1) - v * (c34 * r1) - v * diss;
    a[4][t] = s * (-c2 * (u[t] * u[nn]) * r2) - v * (c34 - c1345) * r2 * u[t];
  }
  // The energy.
  double viscous = 0;
#pragma GCC unroll 5
  for (int m = 1; m <= 3; ++m)
    viscous -= ((m == nn ? r43 * c34 : c34) - c1345) * r3 * (u[m] * u[m]);
  a[4][0] = s * ((c2 * squares * r2 - c1 * (u[4] * r1)) * (u[nn] * r1)) -
            v * (viscous - c1345 * r2 * u[4]);
  a[4][nn] = s * (c1 * (u[4] * r1) - 0.5 * c2 * ((squares + 2.0 * u[nn] * u[nn]) * r2)) -
             v * (r43 * c34 - c1345) * r2 * u[nn];
  a[4][4] = s * (c1 * (u[nn] * r1)) - v * c1345 * r1 - v * diss;
}

[[gnu::always_inline]] inline void lower_point(double omega, const Block5& z, const Block5& y,
                                               const Block5& x, const Block5& d, const double* vz,
                                               const double* vy, const double* vx, double* v) {
#pragma GCC unroll 5
  for (int m = 0; m < 5; ++m) {
    double s = 0;
#pragma GCC unroll 5
    for (int l = 0; l < 5; ++l) s += z[m][l] * vz[l];
    v[m] = v[m] - omega * s;
  }
#pragma GCC unroll 5
  for (int m = 0; m < 5; ++m) {
    double s = 0;
#pragma GCC unroll 5
    for (int l = 0; l < 5; ++l) {
      s += y[m][l] * vy[l];
      s += x[m][l] * vx[l];
    }
    v[m] = v[m] - omega * s;
  }
  solve(d, v);
}

[[gnu::always_inline]] inline void upper_point(double omega, const Block5& z, const Block5& y,
                                               const Block5& x, const Block5& d, const double* vz,
                                               const double* vy, const double* vx, double* v) {
  double t[5];
#pragma GCC unroll 5
  for (int m = 0; m < 5; ++m) {
    double s = 0;
#pragma GCC unroll 5
    for (int l = 0; l < 5; ++l) s += z[m][l] * vz[l];
    t[m] = omega * s;
  }
#pragma GCC unroll 5
  for (int m = 0; m < 5; ++m) {
    double s = 0;
#pragma GCC unroll 5
    for (int l = 0; l < 5; ++l) {
      s += y[m][l] * vy[l];
      s += x[m][l] * vx[l];
    }
    t[m] = t[m] + omega * s;
  }
  solve(d, t);
#pragma GCC unroll 5
  for (int m = 0; m < 5; ++m) v[m] = v[m] - t[m];
}

}  // namespace

void lower_row(const Coefficients& c, const Box& b, const double* u, double* v, int j, int k) {
  Block5 d, z, y, x;
  for (int i = b.ist; i < b.iend; ++i) {
    diagonal_block(c, u + b.at(i, j, k), d);
    neighbour_block(c, u + b.at(i, j, k - 1), 2, -1.0, z);
    neighbour_block(c, u + b.at(i, j - 1, k), 1, -1.0, y);
    neighbour_block(c, u + b.at(i - 1, j, k), 0, -1.0, x);
    lower_point(c.omega, z, y, x, d, v + b.at(i, j, k - 1), v + b.at(i, j - 1, k),
                v + b.at(i - 1, j, k), v + b.at(i, j, k));
  }
}

void upper_row(const Coefficients& c, const Box& b, const double* u, double* v, int j, int k) {
  Block5 d, z, y, x;
  for (int i = b.iend - 1; i >= b.ist; --i) {
    diagonal_block(c, u + b.at(i, j, k), d);
    neighbour_block(c, u + b.at(i, j, k + 1), 2, 1.0, z);
    neighbour_block(c, u + b.at(i, j + 1, k), 1, 1.0, y);
    neighbour_block(c, u + b.at(i + 1, j, k), 0, 1.0, x);
    upper_point(c.omega, z, y, x, d, v + b.at(i, j, k + 1), v + b.at(i, j + 1, k),
                v + b.at(i + 1, j, k), v + b.at(i, j, k));
  }
}

std::array<double, 5> local_squares(const Box& b, const double* v) {
  std::array<double, 5> sum{};
  for (int k = 1; k < b.n - 1; ++k)
    for (int j = b.jst; j < b.jend; ++j)
      for (int i = b.ist; i < b.iend; ++i) {
        const double* q = v + b.at(i, j, k);
        for (int m = 0; m < 5; ++m) sum[m] += q[m] * q[m];
      }
  return sum;
}

std::array<double, 5> local_error_squares(const Coefficients& c, const Box& b, const double* u) {
  std::array<double, 5> sum{};
  for (int k = 1; k < b.n - 1; ++k)
    for (int j = b.jst; j < b.jend; ++j)
      for (int i = b.ist; i < b.iend; ++i) {
        double e[5];
        exact(c, i, j, k, e);
        const double* q = u + b.at(i, j, k);
        for (int m = 0; m < 5; ++m) sum[m] += (e[m] - q[m]) * (e[m] - q[m]);
      }
  return sum;
}

std::array<double, 3> local_surface_sums(const Box& b, const double* u) {
  // NPB's integration box: i in 1 .. n-2, j in 1 .. n-3, k in 2 .. n-2. Each face is summed
  // by the trapezoidal rule over its cells; a point's weight is the number of cells it is a
  // corner of in each dimension (1 at the box's edge, 2 inside), so that every process sums
  // its own points.
  const int n = b.n;
  const int ilo = 1, ihi = n - 2, jlo = 1, jhi = n - 3, klo = 2, khi = n - 2;
  auto weight = [](int g, int lo, int hi) { return (g > lo ? 1.0 : 0.0) + (g < hi ? 1.0 : 0.0); };
  auto pressure = [&](int i, int j, int k) {
    const double* q = u + b.at(i, j, k);
    return c2 * (q[4] - 0.5 * (q[1] * q[1] + q[2] * q[2] + q[3] * q[3]) / q[0]);
  };
  const int i_first = std::max(b.i0, ilo), i_last = std::min(b.i1 - 1, ihi);
  const int j_first = std::max(b.j0, jlo), j_last = std::min(b.j1 - 1, jhi);
  std::array<double, 3> sum{};
  for (int j = j_first; j <= j_last; ++j)
    for (int i = i_first; i <= i_last; ++i) {
      const double w = weight(i, ilo, ihi) * weight(j, jlo, jhi);
      sum[0] += w * (pressure(i, j, klo) + pressure(i, j, khi));
    }
  for (int jface : {jlo, jhi}) {
    if (jface < b.j0 || jface >= b.j1) continue;
    for (int k = klo; k <= khi; ++k)
      for (int i = i_first; i <= i_last; ++i)
        sum[1] += weight(i, ilo, ihi) * weight(k, klo, khi) * pressure(i, jface, k);
  }
  for (int iface : {ilo, ihi}) {
    if (iface < b.i0 || iface >= b.i1) continue;
    for (int k = klo; k <= khi; ++k)
      for (int j = j_first; j <= j_last; ++j)
        sum[2] += weight(j, jlo, jhi) * weight(k, klo, khi) * pressure(iface, j, k);
  }
  return sum;
}

}  // namespace lu
