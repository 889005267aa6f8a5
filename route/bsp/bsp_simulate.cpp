#include "bsp_simulate.hpp"

#include <bsp.h>

#include <cstddef>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "node_block.hpp"
#include "partition.hpp"

namespace bsproute {

namespace {

static_assert(std::is_trivially_copyable_v<Transit>);
static_assert(std::is_trivially_copyable_v<BlockTotals>);

// Registers a per-process array of T that every process writes its slot of.
template <typename T>
class Board {
 public:
  explicit Board(int p) : slots_(static_cast<std::size_t>(p)) {
    bsp_push_reg(slots_.data(), static_cast<int>(sizeof(T) * slots_.size()));
  }
  Board(const Board&) = delete;
  Board& operator=(const Board&) = delete;
  ~Board() { bsp_pop_reg(slots_.data()); }

  // Puts `mine` into slot bsp_pid() of every process; there after the sync.
  void post(const T& mine) {
    const int p = static_cast<int>(slots_.size());
    for (int q = 0; q < p; ++q)
      bsp_put(q, &mine, slots_.data(), static_cast<int>(sizeof(T)) * bsp_pid(),
              static_cast<int>(sizeof(T)));
  }
  const std::vector<T>& slots() const { return slots_; }

 private:
  std::vector<T> slots_;
};

// Sends each process the transits for its nodes, one message per process.
void send_transits(const std::vector<Transit>& leaving, int nodes, int p,
                   std::vector<std::vector<Transit>>& outbox) {
  for (const Transit& t : leaving)
    outbox[static_cast<std::size_t>(block_owner(nodes, p, t.node))].push_back(t);
  for (int q = 0; q < p; ++q) {
    auto& box = outbox[static_cast<std::size_t>(q)];
    if (box.empty()) continue;
    bsp_send(q, nullptr, box.data(), static_cast<int>(box.size() * sizeof(Transit)));
    box.clear();
  }
}

// Takes in every message of this superstep's queue.
void receive_transits(NodeBlock& block, std::vector<Transit>& buffer) {
  int messages = 0, bytes = 0;
  bsp_qsize(&messages, &bytes);
  for (int i = 0; i < messages; ++i) {
    int size = 0;
    bsp_get_tag(&size, nullptr);
    buffer.resize(static_cast<std::size_t>(size) / sizeof(Transit));
    bsp_move(buffer.data(), size);
    block.arrive(buffer);
  }
}

long sum(const std::vector<long>& values) {
  long total = 0;
  for (long v : values) total += v;
  return total;
}

}  // namespace

RunStats bsp_simulate(const Topology& topology, Routing routing, const NodeModel& model,
                      const Workload& workload, std::uint64_t seed) {
  const int p = bsp_nprocs(), s = bsp_pid(), nodes = topology.nodes();
  NodeBlock block(topology, routing, model, workload, seed, block_first(nodes, p, s),
                  block_first(nodes, p, s + 1));
  const long total = count_packets(workload);
  const long bound = step_bound(total, topology);
  std::vector<Transit> leaving, buffer;
  std::vector<std::vector<Transit>> outbox(static_cast<std::size_t>(p));
  RunStats stats;
  {
    Board<long> delivered(p);
    Board<BlockTotals> totals(p);
    bsp_sync();
    block.start();
    long step = 0;
    // Superstep k moves the packets of step k + 1 and tells everyone how many
    // packets were delivered by the end of step k. When that is all of them,
    // step k + 1 had nothing to move: the run took k steps.
    for (;;) {
      delivered.post(block.delivered());
      block.move(leaving);
      send_transits(leaving, nodes, p, outbox);
      leaving.clear();
      bsp_sync();
      if (sum(delivered.slots()) == total) break;
      if (++step > bound) throw std::runtime_error("simulation did not finish (bug)");
      receive_transits(block, buffer);
      block.route();
    }
    totals.post(block.totals());
    bsp_sync();
    BlockTotals all;
    for (const BlockTotals& t : totals.slots()) all = combine(all, t);
    stats = run_stats(topology, all, step, total);
  }            // the boards' registrations are popped here
  bsp_sync();  // and gone before the next run registers new ones
  return stats;
}

}  // namespace bsproute
