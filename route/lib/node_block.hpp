// The simulation of a block of nodes first..last-1: the unit both the
// sequential simulator (one block holding every node) and the BSP program (a
// block per process, route/bsp) run, so both make the same moves.
//
// A routing step is move() (every link carries the packet at the head of its
// queue one hop), then route() (the step's arrivals are queued for each
// node's routing function, which handles what it can). Packets that cross to
// a node of another block leave move() as Transits, and the other block takes
// them in with arrive() before its route(). route() queues a node's arrivals
// by a total order on keys every block knows: the receiving node, then the
// sending node (the application node's injection first), then the link. So
// the order does not depend on where the arrivals were simulated nor on the
// order in which other blocks' packets came in; with per-node random streams
// (Rng::derive(seed, v)) every node makes the same choices in any split.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "simulator.hpp"

namespace bsproute {

// A packet crossing to another block: the key of its arrival and its state.
struct Transit {
  int node = 0;    // the receiving node
  int sender = 0;  // the sending node, or kInjected
  int link = 0;    // the sender's link
  Packet packet;
  static constexpr int kInjected = -1;  // from the node's application node
};

// What a block counted; blocks add up with combine().
struct BlockTotals {
  long delivered = 0;
  long misdelivered = 0;
  long hops = 0;          // network-link transmissions
  long max_queue = 0;     // longest output-link queue seen
  long busiest_node = 0;  // most routing decisions at one node
};
BlockTotals combine(const BlockTotals& a, const BlockTotals& b);

// The run's statistics from all blocks' totals after `steps` steps.
RunStats run_stats(const Topology& topology, const BlockTotals& totals, long steps, long packets);

// Packets in a workload.
long count_packets(const Workload& workload);
// Steps after which a run of `packets` packets counts as broken (a bug).
long step_bound(long packets, const Topology& topology);

class NodeBlock {
 public:
  // Throws std::invalid_argument when the workload does not match the
  // topology, a destination of the block's packets is not a node, the
  // service rate is negative or first..last is not a range of nodes.
  NodeBlock(const Topology& topology, Routing routing, const NodeModel& model,
            const Workload& workload, std::uint64_t seed, int first, int last);
  NodeBlock(const NodeBlock&) = delete;
  NodeBlock& operator=(const NodeBlock&) = delete;
  ~NodeBlock();

  // Step 0: without external links a node routes its own packets at once.
  void start();
  // The link phase of one step. Packets for nodes outside the block are
  // appended to `leaving` and forgotten here.
  void move(std::vector<Transit>& leaving);
  // Packets that other blocks moved to this block's nodes in this step.
  void arrive(std::span<const Transit> transits);
  // Queues this step's arrivals in key order and runs the routing functions.
  void route();

  bool owns(int node) const { return node >= first_ && node < last_; }
  long delivered() const;
  BlockTotals totals() const;

 private:
  class State;
  std::unique_ptr<State> state_;
  int first_;
  int last_;
};

}  // namespace bsproute
