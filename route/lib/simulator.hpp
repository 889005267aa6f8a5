// The packet-level, synchronous-step router simulation of Juurlink and Wijshoff (1993).
//
// One routing step moves at most one packet over every link, all links at
// once (the transputer assumption of section 2.1). Each node keeps one FIFO
// queue per output link. A packet that arrives at a node waits for the node's
// routing function (at most `service_rate` decisions per step: the intra-node
// delay t_d as a rate), which puts it in the queue of the link it takes next,
// or hands it to the destination. A packet can leave a node at the earliest
// one step after it arrived.
//
// With external_links (Juurlink and Wijshoff 1993, section 2.2) every router node also has an
// application node attached by one link each way: a source's packets enter
// the network one per step, and a destination takes one per step off the
// network, two more steps on each route. Without them, a node routes all of
// its own packets at step 0 and a packet is delivered the moment it reaches
// its destination's router.
#pragma once

#include <cstdint>

#include "routing.hpp"
#include "topology.hpp"
#include "workload.hpp"

namespace bsproute {

struct NodeModel {
  bool external_links = true;
  double service_rate = 0;  // routing decisions per node per step; 0 = unlimited
};

// What one run measured.
struct RunStats {
  long steps = 0;               // r: routing steps until the last packet was delivered
  long busiest_node = 0;        // d: routing decisions at the busiest node
  long max_queue = 0;           // longest output-link queue seen
  double link_utilisation = 0;  // network-link transmissions / (links * steps)
  double mean_hops = 0;         // network links crossed per packet
  long packets = 0;
  long delivered = 0;     // equals packets: every packet arrives exactly once
  long misdelivered = 0;  // packets handed to a node other than their destination

  bool operator==(const RunStats&) const = default;  // exactly equal, every field
};

// Runs the workload to completion. Deterministic in `seed`: node v draws its
// routing choices from its own generator Rng::derive(seed, v), so the result
// does not depend on the order nodes are simulated in. Throws
// std::invalid_argument when the workload does not match the topology or the
// service rate is negative, std::runtime_error if the run does not finish
// within a generous bound of steps (which would be a bug).
RunStats simulate(const Topology& topology, Routing routing, const NodeModel& model,
                  const Workload& workload, std::uint64_t seed);

}  // namespace bsproute
