#include "partition.hpp"

#include <algorithm>

namespace bsproute {

int block_first(int nodes, int p, int s) { return nodes / p * s + std::min(s, nodes % p); }

int block_owner(int nodes, int p, int node) {
  const int small = nodes / p, large = small + 1, large_blocks = nodes % p;
  if (node < large_blocks * large) return node / large;
  return large_blocks + (node - large_blocks * large) / small;
}

}  // namespace bsproute
