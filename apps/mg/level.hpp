// One level of MG's grid hierarchy on one process. Level k has n = 2^k points per dimension,
// periodic, stored with one halo point on each side (indices 0 .. n+1, interior 1 .. n). The
// x and y dimensions are whole on every process; in z a level is either cut in p equal slabs
// (process s owns the planes s n/p + 1 .. (s+1) n/p) or, once n/p would fall below 2 planes,
// replicated: every process holds and computes all of it (those levels have at most 2p^3
// points).
#pragma once

#include <cstddef>
#include <vector>

namespace mg {

struct Level {
  int n = 0;
  int lo = 1, hi = 0;  // this process's interior z planes
  bool distributed = false;
  std::size_t m = 0;  // n + 2
  std::vector<double> u, r;

  Level(int n_points, int p, int s) : n(n_points), m(static_cast<std::size_t>(n_points) + 2) {
    distributed = n >= 2 * p;
    const int planes = distributed ? n / p : n;
    lo = distributed ? s * planes + 1 : 1;
    hi = lo + planes - 1;
    u.assign(size(), 0.0);
    r.assign(size(), 0.0);
  }
  std::size_t plane_size() const { return m * m; }
  std::size_t size() const { return plane_size() * static_cast<std::size_t>(hi - lo + 3); }
  // Offset of point (i1, i2) of global plane z (lo-1 .. hi+1) in this process's arrays.
  std::size_t at(int i1, int i2, int z) const {
    return static_cast<std::size_t>(i1) +
           m * (static_cast<std::size_t>(i2) + m * static_cast<std::size_t>(z - lo + 1));
  }
};

}  // namespace mg
