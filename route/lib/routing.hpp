// The routing algorithms of Juurlink and Wijshoff (1993) (section 2.1-2.2) and the baseline.
//
//   paper            Juurlink and Wijshoff's (1993) router: only Valiant-Brebner's second phase;
//                    at every node a packet takes a link chosen uniformly at
//                    random among those that bring it closer to its
//                    destination (for the hypercube: the dimensions in which
//                    the addresses differ).
//   valiant          full two-phase Valiant-Brebner: first to a random
//                    intermediate node, then to the destination, each phase in
//                    dimension order (lowest productive link first).
//   dimension-order  deterministic: always the lowest productive link. On a
//                    hypercube this is bit fixing; adversarial permutations
//                    (transpose) make hot spots.
#pragma once

#include <string>
#include <vector>

#include "rng.hpp"
#include "topology.hpp"

namespace bsproute {

enum class Routing { paper, valiant, dimension_order };

// Throws std::invalid_argument naming the known algorithms.
Routing parse_routing(const std::string& name);
std::string routing_name(Routing routing);

struct Packet {
  int source = 0;
  int destination = 0;
  int intermediate = -1;  // valiant's first-phase target; -1 once reached or unused
  int hops = 0;
};

// Seed the packet's route before its first decision: draws the intermediate
// node for valiant (from the source's generator).
void start_route(Routing routing, int nodes, Packet& packet, Rng& rng);

// The output link `packet` takes at node `at`, or -1 when it has arrived.
// `scratch` is reused between calls to avoid allocation.
int choose_link(const Topology& topology, Routing routing, Packet& packet, int at, Rng& rng,
                std::vector<int>& scratch);

}  // namespace bsproute
