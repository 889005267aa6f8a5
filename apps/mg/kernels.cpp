#include "kernels.hpp"

#include <cmath>
#include <vector>

namespace mg {

namespace {

// The sums of the 4 edge neighbours (in y and z) and the 4 corner neighbours (in y and z) of
// every point of row (i2, z), over the whole row, halos included.
void row_sums(const Level& L, const double* x, int i2, int z, double* edges, double* corners) {
  const double* ym = x + L.at(0, i2 - 1, z);
  const double* yp = x + L.at(0, i2 + 1, z);
  const double* zm = x + L.at(0, i2, z - 1);
  const double* zp = x + L.at(0, i2, z + 1);
  const double* ymzm = x + L.at(0, i2 - 1, z - 1);
  const double* ypzm = x + L.at(0, i2 + 1, z - 1);
  const double* ymzp = x + L.at(0, i2 - 1, z + 1);
  const double* ypzp = x + L.at(0, i2 + 1, z + 1);
  for (std::size_t i1 = 0; i1 < L.m; ++i1) {
    edges[i1] = ym[i1] + yp[i1] + zm[i1] + zp[i1];
    corners[i1] = ymzm[i1] + ypzm[i1] + ymzp[i1] + ypzp[i1];
  }
}

}  // namespace

void resid(const Level& L, const double* u, const double* v, double* r,
           const std::array<double, 4>& a) {
  std::vector<double> u1(L.m), u2(L.m);
  for (int z = L.lo; z <= L.hi; ++z)
    for (int i2 = 1; i2 <= L.n; ++i2) {
      row_sums(L, u, i2, z, u1.data(), u2.data());
      const std::size_t row = L.at(0, i2, z);
      for (int i1 = 1; i1 <= L.n; ++i1)
        r[row + i1] = v[row + i1] - a[0] * u[row + i1] -
                      a[2] * (u2[i1] + u1[i1 - 1] + u1[i1 + 1]) - a[3] * (u2[i1 - 1] + u2[i1 + 1]);
    }
}

void psinv(const Level& L, const double* r, double* u, const std::array<double, 4>& c) {
  std::vector<double> r1(L.m), r2(L.m);
  for (int z = L.lo; z <= L.hi; ++z)
    for (int i2 = 1; i2 <= L.n; ++i2) {
      row_sums(L, r, i2, z, r1.data(), r2.data());
      const std::size_t row = L.at(0, i2, z);
      for (int i1 = 1; i1 <= L.n; ++i1)
        u[row + i1] = u[row + i1] + c[0] * r[row + i1] +
                      c[1] * (r[row + i1 - 1] + r[row + i1 + 1] + r1[i1]) +
                      c[2] * (r2[i1] + r1[i1 - 1] + r1[i1 + 1]);
    }
}

// Coarse point (c1, c2, c3) sits on fine point (2 c1, 2 c2, 2 c3): its weights are 1/2 on
// that point, 1/4 on its 6 faces, 1/8 on its 12 edges, 1/16 on its 8 corners.
void rprj3(const Level& fine, const double* r, const Level& coarse, double* s, int z_lo,
           int z_hi) {
  std::vector<double> x1(fine.m), y1(fine.m);
  for (int c3 = z_lo; c3 <= z_hi; ++c3)
    for (int c2 = 1; c2 <= coarse.n; ++c2) {
      const int f2 = 2 * c2, f3 = 2 * c3;
      row_sums(fine, r, f2, f3, x1.data(), y1.data());
      const double* row = r + fine.at(0, f2, f3);
      const std::size_t out = coarse.at(0, c2, c3);
      for (int c1 = 1; c1 <= coarse.n; ++c1) {
        const int f1 = 2 * c1;
        s[out + c1] = 0.5 * row[f1] + 0.25 * (row[f1 - 1] + row[f1 + 1] + x1[f1]) +
                      0.125 * (x1[f1 - 1] + x1[f1 + 1] + y1[f1]) +
                      0.0625 * (y1[f1 - 1] + y1[f1 + 1]);
      }
    }
}

// Fine planes 2 c3 and 2 c3 + 1 come from coarse planes c3 and c3 + 1: c3 from (lo-1)/2 to
// hi/2 covers the fine planes lo-1 .. hi+1 (lo - 1 and hi are even).
void interp(const Level& coarse, const double* z, const Level& fine, double* u) {
  std::vector<double> z1(coarse.m), z2(coarse.m), z3(coarse.m);
  const int n = coarse.n;
  for (int c3 = (fine.lo - 1) / 2; c3 <= fine.hi / 2; ++c3)
    for (int c2 = 0; c2 <= n; ++c2) {
      const double* a = z + coarse.at(0, c2, c3);
      const double* b = z + coarse.at(0, c2 + 1, c3);
      const double* c = z + coarse.at(0, c2, c3 + 1);
      const double* d = z + coarse.at(0, c2 + 1, c3 + 1);
      for (int c1 = 0; c1 <= n + 1; ++c1) {
        z1[c1] = b[c1] + a[c1];
        z2[c1] = c[c1] + a[c1];
        z3[c1] = d[c1] + c[c1] + z1[c1];
      }
      double* u00 = u + fine.at(0, 2 * c2, 2 * c3);
      double* u10 = u + fine.at(0, 2 * c2 + 1, 2 * c3);
      double* u01 = u + fine.at(0, 2 * c2, 2 * c3 + 1);
      double* u11 = u + fine.at(0, 2 * c2 + 1, 2 * c3 + 1);
      for (int c1 = 0; c1 <= n; ++c1) {
        const int e = 2 * c1, o = 2 * c1 + 1;
        u00[e] = u00[e] + a[c1];
        u00[o] = u00[o] + 0.5 * (a[c1 + 1] + a[c1]);
        u10[e] = u10[e] + 0.5 * z1[c1];
        u10[o] = u10[o] + 0.25 * (z1[c1] + z1[c1 + 1]);
        u01[e] = u01[e] + 0.5 * z2[c1];
        u01[o] = u01[o] + 0.25 * (z2[c1] + z2[c1 + 1]);
        u11[e] = u11[e] + 0.25 * z3[c1];
        u11[o] = u11[o] + 0.125 * (z3[c1] + z3[c1 + 1]);
      }
    }
}

LocalNorm local_norm(const Level& L, const double* r) {
  LocalNorm out;
  for (int z = L.lo; z <= L.hi; ++z)
    for (int i2 = 1; i2 <= L.n; ++i2) {
      const double* row = r + L.at(0, i2, z);
      for (int i1 = 1; i1 <= L.n; ++i1) {
        out.sum_squares += row[i1] * row[i1];
        out.max_abs = std::max(out.max_abs, std::fabs(row[i1]));
      }
    }
  return out;
}

}  // namespace mg
