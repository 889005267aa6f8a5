#include <stdexcept>
#include <string>

#include "topology.hpp"

namespace bsproute {

Crossbar::Crossbar(int n) : nodes_(1 << n) {
  // The crossbar has N - 1 links per node, so its size is kept modest.
  if (n < 1 || n > 12)
    throw std::invalid_argument("a crossbar needs 1 <= n <= 12, got n = " + std::to_string(n));
}

void Crossbar::productive_links(int at, int to, std::vector<int>& links) const {
  links.clear();
  if (at != to) links.push_back(((to - at - 1) % nodes_ + nodes_) % nodes_);
}

}  // namespace bsproute
