// simulate() as a BSP program on Superstep: process s simulates the block of
// nodes block_first(N, p, s)..block_first(N, p, s + 1) - 1, each routing step
// is one superstep, and packets that cross to another process's block travel
// as one bsp_send per destination process and step. Every process ends with
// the same statistics, equal to simulate()'s for the same seed (NodeBlock
// says why).
#pragma once

#include <cstdint>

#include "simulator.hpp"

namespace bsproute {

// Called by every process with the same arguments, inside bsp_begin..bsp_end.
// Throws as simulate() does.
RunStats bsp_simulate(const Topology& topology, Routing routing, const NodeModel& model,
                      const Workload& workload, std::uint64_t seed);

}  // namespace bsproute
