#include "comm.hpp"

#include <bsp.h>

#include <algorithm>

namespace mg {

namespace {

// Halos in x, then y (rows, halos of x included), of planes z_lo .. z_hi.
void wrap_xy(const Level& L, double* x, int z_lo, int z_hi) {
  const int n = L.n;
  for (int z = z_lo; z <= z_hi; ++z) {
    for (int i2 = 1; i2 <= n; ++i2) {
      double* row = x + L.at(0, i2, z);
      row[0] = row[n];
      row[n + 1] = row[1];
    }
    std::copy_n(x + L.at(0, n, z), L.m, x + L.at(0, 0, z));
    std::copy_n(x + L.at(0, 1, z), L.m, x + L.at(0, n + 1, z));
  }
}

// Halo planes of a level that holds all its planes.
void wrap_z(const Level& L, double* x) {
  std::copy_n(x + L.at(0, 0, L.n), L.plane_size(), x + L.at(0, 0, 0));
  std::copy_n(x + L.at(0, 0, 1), L.plane_size(), x + L.at(0, 0, L.n + 1));
}

int plane_bytes(const Level& L, int planes) {
  return static_cast<int>(L.plane_size() * sizeof(double)) * planes;
}

}  // namespace

void exchange_halos(const Level& L, double* x, apps::npb::CommTally& tally) {
  wrap_xy(L, x, L.lo, L.hi);
  if (!L.distributed) return wrap_z(L, x);
  const int p = bsp_nprocs(), s = bsp_pid();
  const int planes = L.hi - L.lo + 1;
  bsp_hpput((s + p - 1) % p, x + L.at(0, 0, L.lo), x, plane_bytes(L, planes + 1),
            plane_bytes(L, 1));
  bsp_hpput((s + 1) % p, x + L.at(0, 0, L.hi), x, 0, plane_bytes(L, 1));
  bsp_sync();
  tally.supersteps += 1;
  tally.put_words += 2.0 * plane_bytes(L, 1) / apps::kWordBytes;
}

void gather_planes(const Level& L, double* x, int z_lo, int z_hi, apps::npb::CommTally& tally) {
  wrap_xy(L, x, z_lo, z_hi);
  const int p = bsp_nprocs(), s = bsp_pid();
  const int offset = plane_bytes(L, z_lo - L.lo + 1), length = plane_bytes(L, z_hi - z_lo + 1);
  for (int q = 0; q < p; ++q)
    if (q != s) bsp_hpput(q, x + L.at(0, 0, z_lo), x, offset, length);
  bsp_sync();
  tally.supersteps += 1;
  tally.put_words += (p - 1.0) * length / apps::kWordBytes;
  wrap_z(L, x);
}

}  // namespace mg
