#include "routing.hpp"

#include <stdexcept>

namespace bsproute {

Routing parse_routing(const std::string& name) {
  if (name == "paper") return Routing::paper;
  if (name == "valiant") return Routing::valiant;
  if (name == "dimension-order") return Routing::dimension_order;
  throw std::invalid_argument("unknown routing '" + name +
                              "' (known: paper, valiant, dimension-order)");
}

std::string routing_name(Routing routing) {
  switch (routing) {
    case Routing::paper:
      return "paper";
    case Routing::valiant:
      return "valiant";
    case Routing::dimension_order:
      return "dimension-order";
  }
  return "?";
}

void start_route(Routing routing, int nodes, Packet& packet, Rng& rng) {
  packet.intermediate = -1;
  if (routing == Routing::valiant)
    packet.intermediate = static_cast<int>(rng.below(static_cast<std::uint64_t>(nodes)));
}

int choose_link(const Topology& topology, Routing routing, Packet& packet, int at, Rng& rng,
                std::vector<int>& scratch) {
  if (packet.intermediate == at) packet.intermediate = -1;  // phase one is over
  const int target = packet.intermediate >= 0 ? packet.intermediate : packet.destination;
  topology.productive_links(at, target, scratch);
  if (scratch.empty()) return -1;
  if (routing == Routing::paper && scratch.size() > 1)
    return scratch[static_cast<std::size_t>(rng.below(scratch.size()))];
  return scratch.front();
}

}  // namespace bsproute
