#include "kernels.hpp"

#include <algorithm>
#include <vector>

namespace lu {

namespace {

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

// Per point, what R(u)'s fluxes need in every dimension, computed once per evaluation:
// the velocities u1/u0, u2/u0, u3/u0, the quotient u4/u0 (as the viscous terms take them, the
// product with 1/u0), the kinetic energy 0.5 |m|^2 / u0 and the squared speed.
constexpr int kAux = 6;
enum Aux { kVel1 = 0, kVel2, kVel3, kEnergy, kKinetic, kSpeed2 };

void point_aux(const double* q, double* a) {
  const double ri = 1.0 / q[0];
  for (int m = 1; m <= 4; ++m) a[m - 1] = ri * q[m];
  a[kKinetic] = 0.5 * (q[1] * q[1] + q[2] * q[2] + q[3] * q[3]) * ri;
  a[kSpeed2] = a[kVel1] * a[kVel1] + a[kVel2] * a[kVel2] + a[kVel3] * a[kVel3];
}

// The fourth-order dissipation's stencil on point q (neighbours `s` apart along the line):
// one-sided at the first two and last two interior points of the grid.
enum class Edge { kFirst, kSecond, kInside, kLastButOne, kLast };

template <Edge E>
[[gnu::always_inline]] inline double fourth(const double* q, std::ptrdiff_t s) {
  if constexpr (E == Edge::kFirst) return 5.0 * q[0] - 4.0 * q[s] + q[2 * s];
  if constexpr (E == Edge::kSecond) return -4.0 * q[-s] + 6.0 * q[0] - 4.0 * q[s] + q[2 * s];
  if constexpr (E == Edge::kLastButOne)
    return q[-2 * s] - 4.0 * q[-s] + 6.0 * q[0] - 4.0 * q[s];
  if constexpr (E == Edge::kLast) return q[-2 * s] - 4.0 * q[-s] + 5.0 * q[0];
  return q[-2 * s] - 4.0 * q[-s] + 6.0 * q[0] - 4.0 * q[s] + q[2 * s];
}

// Where R(u)'s terms along a dimension are summed: `count` lines of points side by side,
// point g of line l at u + (g - lo) * su + l * lu (aux likewise with sa and la, r with su and
// lu), g = lo .. hi-1 all interior. The lines' inner loop is over l, so that for the j and k
// dimensions, whose lines lie side by side in i, it runs through contiguous memory.
struct Lines {
  const double* u;
  const double* aux;
  double* r;
  std::ptrdiff_t su, sa, lu, la;
  int count, lo, hi;
};

// The difference terms at point g of every line, then the fourth-order dissipation with the
// stencil E. `conv` and `visc` are the fluxes at g-1 .. hi (convective) and g .. hi (viscous,
// between a point and the one before), count points each per g.
template <Edge E>
void difference_row(const Coefficients& c, int dim, const Lines& L, int g, const double* conv,
                    const double* visc) {
  const double t1 = c.t1[dim], t2 = c.t2[dim], t3 = c.t3[dim], diss = c.diss[dim];
  const double dssp = c.dssp;
  const int count = L.count;
  const double* fm = conv + 5 * static_cast<std::ptrdiff_t>(g - L.lo) * count;  // g-1
  const double* fp = fm + 10 * static_cast<std::ptrdiff_t>(count);                // g+1
  const double* v0 = visc + 5 * static_cast<std::ptrdiff_t>(g - L.lo) * count;   // g
  const double* v1 = v0 + 5 * static_cast<std::ptrdiff_t>(count);                // g+1
  const std::ptrdiff_t s = L.su;
  for (int l = 0; l < count; ++l) {
    const double* q = L.u + (g - L.lo) * s + l * L.lu;
    double* out = L.r + (g - L.lo) * s + l * L.lu;
    const double* a = fm + 5 * l;
    const double* b = fp + 5 * l;
    const double* x = v0 + 5 * l;
    const double* y = v1 + 5 * l;
    for (int m = 0; m < 5; ++m) out[m] = out[m] - t2 * (b[m] - a[m]);
    out[0] = out[0] + diss * t1 * (q[-s] - 2.0 * q[0] + q[s]);
    for (int m = 1; m < 5; ++m)
      out[m] = out[m] + t3 * c3 * c4 * (y[m] - x[m]) +
               diss * t1 * (q[m - s] - 2.0 * q[m] + q[m + s]);
    for (int m = 0; m < 5; ++m) out[m] = out[m] - dssp * fourth<E>(q + m, s);
  }
}

// R(u)'s terms along dimension dim on the lines L: the convective flux and its central
// difference, the viscous flux and its difference, the second- and fourth-order dissipation.
void add_lines(const Coefficients& c, int dim, const Lines& L, std::vector<double>& flux) {
  const int n = c.n;
  const int normal = 1 + dim;  // the velocity component along dim
  const double t3 = c.t3[dim];
  const int count = L.count;
  const std::ptrdiff_t per_g = 5 * static_cast<std::ptrdiff_t>(count);
  const int points = L.hi - L.lo + 2;  // convective fluxes at lo-1 .. hi
  flux.resize(static_cast<std::size_t>(2 * points) * static_cast<std::size_t>(per_g));
  double* conv = flux.data();
  double* visc = conv + points * per_g;  // viscous fluxes at lo .. hi
  for (int g = L.lo - 1; g <= L.hi; ++g) {
    double* out = conv + (g - L.lo + 1) * per_g;
    for (int l = 0; l < count; ++l, out += 5) {
      const double* q = L.u + (g - L.lo) * L.su + l * L.lu;
      const double* a = L.aux + (g - L.lo) * L.sa + l * L.la;
      const double velocity = a[dim];
      const double kinetic = a[kKinetic];
      out[0] = q[normal];
      for (int m = 1; m <= 3; ++m) out[m] = q[m] * velocity;
      out[normal] += c2 * (q[4] - kinetic);
      out[4] = (c1 * q[4] - c2 * kinetic) * velocity;
    }
  }
  const double k_speed = 0.5 * (1.0 - c1 * c5) * t3, k_normal = (1.0 / 6.0) * t3,
               k_energy = c1 * c5 * t3;
  for (int g = L.lo; g <= L.hi; ++g) {
    double* out = visc + (g - L.lo) * per_g;
    for (int l = 0; l < count; ++l, out += 5) {
      const double* a = L.aux + (g - L.lo) * L.sa + l * L.la;
      const double* b = a - L.sa;  // the point before
      for (int m = 1; m <= 3; ++m)
        out[m] = (m == normal ? r43 * t3 : t3) * (a[m - 1] - b[m - 1]);
      out[4] = k_speed * (a[kSpeed2] - b[kSpeed2]) +
               k_normal * (a[dim] * a[dim] - b[dim] * b[dim]) +
               k_energy * (a[kEnergy] - b[kEnergy]);
    }
  }
  for (int g = L.lo; g < L.hi; ++g) {
    if (g == 1)
      difference_row<Edge::kFirst>(c, dim, L, g, conv, visc);
    else if (g == 2)
      difference_row<Edge::kSecond>(c, dim, L, g, conv, visc);
    else if (g == n - 3)
      difference_row<Edge::kLastButOne>(c, dim, L, g, conv, visc);
    else if (g == n - 2)
      difference_row<Edge::kLast>(c, dim, L, g, conv, visc);
    else
      difference_row<Edge::kInside>(c, dim, L, g, conv, visc);
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

void add_operator(const Coefficients& c, const Box& b, const double* u, double* r,
                  Scratch& scratch) {
  const int n = c.n;
  if (b.ist >= b.iend || b.jst >= b.jend) return;
  // The auxiliary values on every point a flux reads: the interior and one point beyond.
  scratch.aux.resize(b.size() / 5 * kAux);
  double* aux = scratch.aux.data();
  auto aux_at = [&](int i, int j, int k) { return b.at(i, j, k) / 5 * kAux; };
  for (int k = 0; k < n; ++k)
    for (int j = b.jst - 1; j <= b.jend; ++j)
      for (int i = b.ist - 1; i <= b.iend; ++i)
        point_aux(u + b.at(i, j, k), aux + aux_at(i, j, k));
  const std::ptrdiff_t si = b.stride(0), sj = b.stride(1), sk = b.stride(2);
  const std::ptrdiff_t ai = si / 5 * kAux, aj = sj / 5 * kAux, ak = sk / 5 * kAux;
  const int ni = b.iend - b.ist;
  for (int k = 1; k < n - 1; ++k)
    for (int j = b.jst; j < b.jend; ++j) {
      const std::size_t base = b.at(b.ist, j, k);
      add_lines(c, 0,
                Lines{u + base, aux + aux_at(b.ist, j, k), r + base, si, ai, 0, 0, 1, b.ist,
                      b.iend},
                scratch.flux);
    }
  for (int k = 1; k < n - 1; ++k) {
    const std::size_t base = b.at(b.ist, b.jst, k);
    add_lines(c, 1,
              Lines{u + base, aux + aux_at(b.ist, b.jst, k), r + base, sj, aj, si, ai, ni, b.jst,
                    b.jend},
              scratch.flux);
  }
  for (int j = b.jst; j < b.jend; ++j) {
    const std::size_t base = b.at(b.ist, j, 1);
    add_lines(c, 2,
              Lines{u + base, aux + aux_at(b.ist, j, 1), r + base, sk, ak, si, ai, ni, 1, n - 1},
              scratch.flux);
  }
}

namespace {

// The diagonal block of the Jacobian at a point is lower triangular: row 0 has its diagonal
// only, rows 1-3 their diagonal and column 0, row 4 every column. Its entries, with the
// reciprocals of the diagonal that the point solve multiplies by.
struct Diagonal {
  double col0[5];      // d[m][0]
  double energy[5];    // d[4][m]
  double inverse[5];   // 1 / d[m][m]
};

[[gnu::always_inline]] inline void diagonal_block(const Coefficients& c, const double* u,
                                                  Diagonal& d) {
  const double r1 = 1.0 / u[0], r2 = r1 * r1, r3 = r1 * r2;
  const double dt2 = c.dt * 2.0;
  // Per dimension: the viscous factor of each velocity component (4/3 along the dimension).
  auto factor = [](int dim, int m) { return m == 1 + dim ? r43 : 1.0; };
  double diss_sum = 0;
#pragma GCC unroll 5
  for (int dim = 0; dim < 3; ++dim) diss_sum += c.t1[dim] * c.diss[dim];
  double diagonal[5];
  diagonal[0] = 1.0 + dt2 * diss_sum;
  d.col0[0] = diagonal[0];
#pragma GCC unroll 5
  for (int m = 1; m <= 3; ++m) {
    double lower = 0, diag = 0;
#pragma GCC unroll 5
    for (int dim = 0; dim < 3; ++dim) {
      lower += c.t1[dim] * (-factor(dim, m) * c34 * r2 * u[m]);
      diag += c.t1[dim] * factor(dim, m) * c34 * r1;
    }
    d.col0[m] = dt2 * lower;
    diagonal[m] = 1.0 + dt2 * diag + dt2 * diss_sum;
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
  d.col0[4] = dt2 * energy0;
  d.energy[0] = d.col0[4];
#pragma GCC unroll 5
  for (int m = 1; m <= 3; ++m) {
    double s = 0;
#pragma GCC unroll 5
    for (int dim = 0; dim < 3; ++dim) s += c.t1[dim] * (factor(dim, m) * c34 - c1345) * r2 * u[m];
    d.energy[m] = dt2 * s;
  }
  diagonal[4] = 1.0 + dt2 * energy4 + dt2 * diss_sum;
  d.energy[4] = diagonal[4];
#pragma GCC unroll 5
  for (int m = 0; m < 5; ++m) d.inverse[m] = 1.0 / diagonal[m];
}

// v becomes d^-1 v: forward substitution, the diagonal block being lower triangular.
[[gnu::always_inline]] inline void solve(const Diagonal& d, double* v) {
  v[0] = v[0] * d.inverse[0];
#pragma GCC unroll 3
  for (int m = 1; m <= 3; ++m) v[m] = (v[m] - d.col0[m] * v[0]) * d.inverse[m];
  v[4] = (v[4] - (d.energy[0] * v[0] + d.energy[1] * v[1]) -
          (d.energy[2] * v[2] + d.energy[3] * v[3])) *
         d.inverse[4];
}

// out = A w, A the Jacobian's block towards the neighbour along Dim (at the neighbour's u),
// sign -1 for the neighbour below (the lower sweep), +1 above. A is sparse: row 0 has columns
// 0 and the normal one (1 + Dim), the other momentum rows columns 0, the normal one and their
// own, the normal momentum row and the energy row all five; only those are formed.
template <int Dim>
[[gnu::always_inline]] inline void neighbour_times(const Coefficients& c, const double* u,
                                                   double sign, const double* w, double* out) {
  constexpr int nn = 1 + Dim;
  const double r1 = 1.0 / u[0], r2 = r1 * r1, r3 = r1 * r2;
  const double s = sign * c.dt * c.t2[Dim];  // convective terms
  const double v = c.dt * c.t1[Dim];         // viscous and dissipative terms
  const double diss = c.diss[Dim];
  const double squares = u[1] * u[1] + u[2] * u[2] + u[3] * u[3];
  const double un = u[nn] * r1;  // the velocity along Dim
  out[0] = -v * diss * w[0] + s * w[nn];
  // The momentum along Dim.
  double normal = (s * (-un * un + 0.5 * c2 * (squares * r2)) - v * (-r43 * c34 * r2 * u[nn])) *
                  w[0];
  // The energy.
  double viscous = 0;
#pragma GCC unroll 3
  for (int m = 1; m <= 3; ++m)
    viscous -= ((m == nn ? r43 * c34 : c34) - c1345) * r3 * (u[m] * u[m]);
  double energy = (s * ((c2 * squares * r2 - c1 * (u[4] * r1)) * un) -
                   v * (viscous - c1345 * r2 * u[4])) *
                  w[0];
#pragma GCC unroll 3
  for (int t = 1; t <= 3; ++t) {
    if (t == nn) {
      normal += (s * ((2.0 - c2) * un) - v * (r43 * c34 * r1) - v * diss) * w[nn];
      energy += (s * (c1 * (u[4] * r1) - 0.5 * c2 * ((squares + 2.0 * u[nn] * u[nn]) * r2)) -
                 v * (r43 * c34 - c1345) * r2 * u[nn]) *
                w[nn];
      continue;
    }
    const double ut = u[t] * r1;
    normal += s * (-c2 * ut) * w[t];
    // The momentum across Dim.
    out[t] = (s * (-(u[nn] * u[t]) * r2) - v * (-c34 * r2 * u[t])) * w[0] + s * ut * w[nn] +
             (s * un - v * (c34 * r1) - v * diss) * w[t];
    energy += (s * (-c2 * (u[t] * u[nn]) * r2) - v * (c34 - c1345) * r2 * u[t]) * w[t];
  }
  out[nn] = normal + s * c2 * w[4];
  out[4] = energy + (s * (c1 * un) - v * c1345 * r1 - v * diss) * w[4];
}

}  // namespace

void lower_row(const Coefficients& c, const Box& b, const double* u, double* v, int j, int k) {
  const double omega = c.omega;
  for (int i = b.ist; i < b.iend; ++i) {
    Diagonal d;
    diagonal_block(c, u + b.at(i, j, k), d);
    double z[5], y[5], x[5];
    neighbour_times<2>(c, u + b.at(i, j, k - 1), -1.0, v + b.at(i, j, k - 1), z);
    neighbour_times<1>(c, u + b.at(i, j - 1, k), -1.0, v + b.at(i, j - 1, k), y);
    neighbour_times<0>(c, u + b.at(i - 1, j, k), -1.0, v + b.at(i - 1, j, k), x);
    double* w = v + b.at(i, j, k);
#pragma GCC unroll 5
    for (int m = 0; m < 5; ++m) w[m] = (w[m] - omega * z[m]) - omega * (y[m] + x[m]);
    solve(d, w);
  }
}

void upper_row(const Coefficients& c, const Box& b, const double* u, double* v, int j, int k) {
  const double omega = c.omega;
  for (int i = b.iend - 1; i >= b.ist; --i) {
    Diagonal d;
    diagonal_block(c, u + b.at(i, j, k), d);
    double z[5], y[5], x[5];
    neighbour_times<2>(c, u + b.at(i, j, k + 1), 1.0, v + b.at(i, j, k + 1), z);
    neighbour_times<1>(c, u + b.at(i, j + 1, k), 1.0, v + b.at(i, j + 1, k), y);
    neighbour_times<0>(c, u + b.at(i + 1, j, k), 1.0, v + b.at(i + 1, j, k), x);
    double t[5];
#pragma GCC unroll 5
    for (int m = 0; m < 5; ++m) t[m] = omega * z[m] + omega * (y[m] + x[m]);
    solve(d, t);
    double* w = v + b.at(i, j, k);
#pragma GCC unroll 5
    for (int m = 0; m < 5; ++m) w[m] = w[m] - t[m];
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
