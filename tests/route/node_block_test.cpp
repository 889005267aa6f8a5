// The simulation split into blocks of nodes, as the BSP program splits it:
// the blocks exchange departing packets by hand here, in an order unlike
// the sequential one, and the statistics must still equal simulate()'s.
#include "node_block.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

#include "partition.hpp"

namespace bsproute {
namespace {

TEST(Partition, BlocksCoverTheNodesInOrderAndOwnersAgree) {
  for (int nodes : {1, 4, 16, 17})
    for (int p = 1; p <= 6; ++p) {
      EXPECT_EQ(block_first(nodes, p, 0), 0);
      EXPECT_EQ(block_first(nodes, p, p), nodes);
      for (int s = 0; s < p; ++s) {
        const int size = block_first(nodes, p, s + 1) - block_first(nodes, p, s);
        EXPECT_TRUE(size == nodes / p || size == nodes / p + 1);
        for (int v = block_first(nodes, p, s); v < block_first(nodes, p, s + 1); ++v)
          EXPECT_EQ(block_owner(nodes, p, v), s) << nodes << " nodes, p " << p << ", node " << v;
      }
    }
}

TEST(Partition, SixteenNodesOnThreeProcesses) {
  EXPECT_EQ(block_first(16, 3, 1), 6);
  EXPECT_EQ(block_first(16, 3, 2), 11);
  EXPECT_EQ(block_owner(16, 3, 5), 0);
  EXPECT_EQ(block_owner(16, 3, 6), 1);
  EXPECT_EQ(block_owner(16, 3, 15), 2);
}

// simulate() with the nodes in `p` blocks; each step the packets that cross
// blocks are handed over in reverse (last block's first, last transit first).
RunStats simulate_in_blocks(const Topology& topology, Routing routing, const NodeModel& model,
                            const Workload& workload, std::uint64_t seed, int p) {
  const int nodes = topology.nodes();
  std::vector<std::unique_ptr<NodeBlock>> blocks;
  for (int s = 0; s < p; ++s)
    blocks.push_back(std::make_unique<NodeBlock>(topology, routing, model, workload, seed,
                                                 block_first(nodes, p, s),
                                                 block_first(nodes, p, s + 1)));
  const long total = count_packets(workload);
  auto delivered = [&] {
    long sum = 0;
    for (const auto& b : blocks) sum += b->delivered();
    return sum;
  };
  for (auto& b : blocks) b->start();
  long step = 0;
  std::vector<Transit> leaving;
  while (delivered() < total) {
    if (++step > step_bound(total, topology)) throw std::runtime_error("did not finish");
    for (auto& b : blocks) b->move(leaving);
    std::reverse(leaving.begin(), leaving.end());
    for (const Transit& t : leaving)
      blocks[static_cast<std::size_t>(block_owner(nodes, p, t.node))]->arrive({&t, 1});
    leaving.clear();
    for (auto& b : blocks) b->route();
  }
  BlockTotals all;
  for (const auto& b : blocks) all = combine(all, b->totals());
  return run_stats(topology, all, step, total);
}

TEST(NodeBlock, AnySplitGivesTheSequentialStatistics) {
  for (const auto& name : topology_names())
    for (Routing routing : {Routing::paper, Routing::valiant, Routing::dimension_order})
      for (bool external : {true, false}) {
        const auto topology = make_topology(name, 4);
        NodeModel model;
        model.external_links = external;
        model.service_rate = external ? 0 : 1.5;
        Rng traffic(7);
        const Workload workload = make_workload(Pattern::random, 4, 6, traffic);
        const RunStats sequential = simulate(*topology, routing, model, workload, 11);
        EXPECT_EQ(sequential.delivered, sequential.packets);
        for (int p : {2, 3, 5, 16, 20})
          EXPECT_EQ(simulate_in_blocks(*topology, routing, model, workload, 11, p), sequential)
              << name << " " << routing_name(routing) << " external " << external << " p " << p;
      }
}

TEST(NodeBlock, RejectsARangeThatIsNotABlock) {
  Hypercube cube(2);
  const Workload workload(4);
  EXPECT_THROW(NodeBlock(cube, Routing::paper, NodeModel{}, workload, 1, 3, 2),
               std::invalid_argument);
  EXPECT_THROW(NodeBlock(cube, Routing::paper, NodeModel{}, workload, 1, 0, 5),
               std::invalid_argument);
  NodeBlock first_half(cube, Routing::paper, NodeModel{}, workload, 1, 0, 2);
  Transit stranger;
  stranger.node = 3;
  EXPECT_THROW(first_half.arrive({&stranger, 1}), std::invalid_argument);
}

}  // namespace
}  // namespace bsproute
