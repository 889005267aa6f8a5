#include "simulator.hpp"

#include <stdexcept>
#include <vector>

#include "node_block.hpp"

namespace bsproute {

RunStats simulate(const Topology& topology, Routing routing, const NodeModel& model,
                  const Workload& workload, std::uint64_t seed) {
  NodeBlock all(topology, routing, model, workload, seed, 0, topology.nodes());
  const long total = count_packets(workload);
  const long bound = step_bound(total, topology);
  std::vector<Transit> leaving;  // stays empty: the block holds every node
  all.start();
  long step = 0;
  while (all.delivered() < total) {
    if (++step > bound) throw std::runtime_error("simulation did not finish (bug)");
    all.move(leaving);
    all.route();
  }
  return run_stats(topology, all.totals(), step, total);
}

}  // namespace bsproute
