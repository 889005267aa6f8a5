#include <bit>
#include <stdexcept>
#include <string>

#include "topology.hpp"

namespace bsproute {

Hypercube::Hypercube(int n) : n_(n) {
  if (n < 1 || n > kMaxDimension)
    throw std::invalid_argument("a hypercube needs 1 <= n <= " + std::to_string(kMaxDimension) +
                                ", got n = " + std::to_string(n));
}

void Hypercube::productive_links(int at, int to, std::vector<int>& links) const {
  links.clear();
  const unsigned differ = static_cast<unsigned>(at ^ to);
  for (int i = 0; i < n_; ++i)
    if (differ & (1u << i)) links.push_back(i);
}

int Hypercube::distance(int from, int to) const {
  return std::popcount(static_cast<unsigned>(from ^ to));
}

}  // namespace bsproute
