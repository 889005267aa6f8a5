#include "topology.hpp"

#include <stdexcept>

namespace bsproute {

const std::vector<std::string>& topology_names() {
  static const std::vector<std::string> names{"hypercube", "torus", "crossbar"};
  return names;
}

int min_dimension(const std::string& topology) { return topology == "torus" ? 2 : 1; }

std::unique_ptr<Topology> make_topology(const std::string& name, int n) {
  if (name == "hypercube") return std::make_unique<Hypercube>(n);
  if (name == "torus") return std::make_unique<Torus>(n);
  if (name == "crossbar") return std::make_unique<Crossbar>(n);
  throw std::invalid_argument("unknown topology '" + name +
                              "' (known: hypercube, torus, crossbar)");
}

}  // namespace bsproute
