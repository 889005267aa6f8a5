// How LU's n^3 grid is shared: a 2-D grid of xdim x ydim processes cuts the i and j dimensions
// (NPB LU's rule: xdim ydim = p with ydim <= xdim <= 2 ydim, the most nearly square such grid);
// every process holds the whole k dimension of its block. Process s sits at (row, col) =
// (s mod xdim, s / xdim); its block has n/xdim points in i (one more for the first n mod xdim
// rows) and likewise in j.
//
// A process stores its block with two halo points on each side in i and j (the fourth-order
// dissipation of the right-hand side reaches two points away), five doubles per point,
// components fastest, then i, j, k. Indices are global, 0 .. n-1; the halo points of a block
// at the grid's edge are never used.
#pragma once

#include <cstddef>
#include <optional>

namespace lu {

struct ProcessGrid {
  int xdim = 1, ydim = 1;
};

// NPB LU's process grid for p processes, if p has one.
std::optional<ProcessGrid> process_grid(int p);

// The points of one process's block and its place in the process grid.
struct Box {
  int n = 0;
  int row = 0, col = 0;
  int i0 = 0, i1 = 0;  // owned i: i0 .. i1-1
  int j0 = 0, j1 = 0;  // owned j: j0 .. j1-1
  // The interior points (not on the grid's faces) among the owned ones: ist .. iend-1, and so
  // on; in k, 1 .. n-2.
  int ist = 0, iend = 0, jst = 0, jend = 0;
  // The processes next in i (north: i-1, south: i+1) and in j (west: j-1, east: j+1); -1 at
  // the grid's edge.
  int north = -1, south = -1, west = -1, east = -1;

  Box(int n_points, const ProcessGrid& grid, int pid);
  int ni() const { return i1 - i0; }
  int nj() const { return j1 - j0; }
  // Doubles in the stored block.
  std::size_t size() const {
    return std::size_t{5} * static_cast<std::size_t>(ni() + 4) *
           static_cast<std::size_t>(nj() + 4) * static_cast<std::size_t>(n);
  }
  // Offset of component 0 of point (i, j, k), i0-2 <= i < i1+2, j0-2 <= j < j1+2.
  std::size_t at(int i, int j, int k) const {
    return std::size_t{5} *
           (static_cast<std::size_t>(i - i0 + 2) +
            static_cast<std::size_t>(ni() + 4) *
                (static_cast<std::size_t>(j - j0 + 2) +
                 static_cast<std::size_t>(nj() + 4) * static_cast<std::size_t>(k)));
  }
  // Doubles between neighbouring points in i, j and k.
  std::ptrdiff_t stride(int dim) const {
    if (dim == 0) return 5;
    if (dim == 1) return 5 * static_cast<std::ptrdiff_t>(ni() + 4);
    return 5 * static_cast<std::ptrdiff_t>(ni() + 4) * (nj() + 4);
  }
};

// The smallest block of the process grid, in points per dimension (a block needs 3: its
// neighbours read two of them).
int smallest_block(int n, const ProcessGrid& grid);

}  // namespace lu
