#include "subdomain.hpp"

#include <algorithm>

namespace lu {

namespace {

// The first index and the size of block `index` of `parts` over n points (the first n mod
// parts blocks have one point more).
void block(int n, int parts, int index, int& first, int& size) {
  const int base = n / parts, extra = n % parts;
  size = base + (index < extra ? 1 : 0);
  first = index * base + std::min(index, extra);
}

}  // namespace

std::optional<ProcessGrid> process_grid(int p) {
  if (p < 1) return std::nullopt;
  int x = 1;
  while (x * x < p) ++x;  // the smallest x with x^2 >= p
  while (p % x != 0) ++x;
  const int y = p / x;
  if (x > 2 * y) return std::nullopt;
  return ProcessGrid{x, y};
}

Box::Box(int n_points, const ProcessGrid& grid, int pid) : n(n_points) {
  row = pid % grid.xdim;
  col = pid / grid.xdim;
  int size = 0;
  block(n, grid.xdim, row, i0, size);
  i1 = i0 + size;
  block(n, grid.ydim, col, j0, size);
  j1 = j0 + size;
  ist = std::max(i0, 1);
  iend = std::min(i1, n - 1);
  jst = std::max(j0, 1);
  jend = std::min(j1, n - 1);
  if (row > 0) north = pid - 1;
  if (row < grid.xdim - 1) south = pid + 1;
  if (col > 0) west = pid - grid.xdim;
  if (col < grid.ydim - 1) east = pid + grid.xdim;
}

int smallest_block(int n, const ProcessGrid& grid) {
  return std::min(n / grid.xdim, n / grid.ydim);
}

}  // namespace lu
