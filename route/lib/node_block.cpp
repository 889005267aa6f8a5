#include "node_block.hpp"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <tuple>

namespace bsproute {

BlockTotals combine(const BlockTotals& a, const BlockTotals& b) {
  BlockTotals t;
  t.delivered = a.delivered + b.delivered;
  t.misdelivered = a.misdelivered + b.misdelivered;
  t.hops = a.hops + b.hops;
  t.max_queue = std::max(a.max_queue, b.max_queue);
  t.busiest_node = std::max(a.busiest_node, b.busiest_node);
  return t;
}

RunStats run_stats(const Topology& topology, const BlockTotals& totals, long steps, long packets) {
  RunStats s;
  s.steps = steps;
  s.packets = packets;
  s.delivered = totals.delivered;
  s.misdelivered = totals.misdelivered;
  s.busiest_node = totals.busiest_node;
  s.max_queue = totals.max_queue;
  const double link_steps = static_cast<double>(topology.nodes()) *
                            static_cast<double>(topology.degree()) * static_cast<double>(steps);
  s.link_utilisation = link_steps > 0 ? static_cast<double>(totals.hops) / link_steps : 0;
  s.mean_hops = packets > 0 ? static_cast<double>(totals.hops) / static_cast<double>(packets) : 0;
  return s;
}

long count_packets(const Workload& workload) {
  long total = 0;
  for (const auto& row : workload) total += static_cast<long>(row.size());
  return total;
}

long step_bound(long packets, const Topology& topology) {
  // Every packet needs at most diameter-ish hops; a run that is this slow is broken.
  return 1000 + 100 * (packets + 1) * (topology.degree() + 4);
}

namespace {

// A FIFO of packet ids that keeps its storage: popping advances `head`, and
// the storage is compacted once it is mostly consumed.
class Fifo {
 public:
  bool empty() const { return head_ == items_.size(); }
  std::size_t size() const { return items_.size() - head_; }
  void push(int id) { items_.push_back(id); }
  int pop() {
    const int id = items_[head_++];
    if (head_ == items_.size()) {
      items_.clear();
      head_ = 0;
    } else if (head_ > 64 && head_ * 2 > items_.size()) {
      items_.erase(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(head_));
      head_ = 0;
    }
    return id;
  }

 private:
  std::vector<int> items_;
  std::size_t head_ = 0;
};

std::size_t at(int i) { return static_cast<std::size_t>(i); }

}  // namespace

// Everything per node is indexed by the node's place in the block, v - first.
class NodeBlock::State {
 public:
  State(const Topology& topology, Routing routing, const NodeModel& model, int first, int last)
      : topo(topology),
        routing(routing),
        model(model),
        first(first),
        size(last - first),
        degree(topology.degree()),
        links(at(size) * at(degree)),
        inject(at(size)),
        eject(at(size)),
        input(at(size)),
        credit(at(size), 0.0),
        decisions(at(size), 0),
        queued(at(size), 0) {}

  // The arrival of a packet, with its key.
  struct Arrival {
    int node;
    int sender;
    int link;
    int id;
  };

  Rng& rng(int v) { return rngs[at(v - first)]; }
  Fifo& link(int v, int l) { return links[at(v - first) * at(degree) + at(l)]; }
  Fifo& of(std::vector<Fifo>& per_node, int v) { return per_node[at(v - first)]; }
  bool owns(int v) const { return v >= first && v < first + size; }

  int add(const Packet& p) {
    if (!free.empty()) {
      const int id = free.back();
      free.pop_back();
      packets[at(id)] = p;
      return id;
    }
    packets.push_back(p);
    return static_cast<int>(packets.size()) - 1;
  }

  void deliver(int id, int v) {
    ++totals.delivered;
    if (packets[at(id)].destination != v) ++totals.misdelivered;
    free.push_back(id);
  }

  void move(std::vector<Transit>& leaving) {
    if (model.external_links) {
      for (int v = first; v < first + size; ++v) {
        Fifo& in = of(inject, v);
        if (!in.empty()) arrivals.push_back({v, Transit::kInjected, 0, in.pop()});
        Fifo& out = of(eject, v);
        if (!out.empty()) deliver(out.pop(), v);
      }
    }
    for (int v = first; v < first + size; ++v) {
      long& waiting = queued[at(v - first)];
      if (waiting == 0) continue;
      for (int l = 0; l < degree; ++l) {
        Fifo& q = link(v, l);
        if (q.empty()) continue;
        const int id = q.pop();
        --waiting;
        ++packets[at(id)].hops;
        ++totals.hops;
        const int to = topo.neighbour(v, l);
        if (owns(to)) {
          arrivals.push_back({to, v, l, id});
        } else {
          leaving.push_back({to, v, l, packets[at(id)]});
          free.push_back(id);
        }
      }
    }
  }

  void route() {
    // The keys are unique within a step: this order is total.
    std::sort(arrivals.begin(), arrivals.end(), [](const Arrival& a, const Arrival& b) {
      return std::tie(a.node, a.sender, a.link) < std::tie(b.node, b.sender, b.link);
    });
    for (const Arrival& a : arrivals) of(input, a.node).push(a.id);
    arrivals.clear();
    route_all();
  }

  // Each node's routing function handles what waits for it, as far as its
  // service rate allows this step.
  void route_all() {
    for (int v = first; v < first + size; ++v) {
      Fifo& in = of(input, v);
      double& c = credit[at(v - first)];
      if (model.service_rate > 0) {
        // An idle router banks at most one decision (or one step's worth).
        c = std::min(c + model.service_rate, std::max(1.0, model.service_rate));
      }
      while (!in.empty() && (model.service_rate == 0 || c >= 1)) {
        if (model.service_rate > 0) c -= 1;
        route_one(v, in.pop());
      }
    }
  }

  void route_one(int v, int id) {
    long& d = decisions[at(v - first)];
    totals.busiest_node = std::max(totals.busiest_node, ++d);
    Packet& p = packets[at(id)];
    const int l = choose_link(topo, routing, p, v, rng(v), scratch);
    if (l < 0) {
      if (model.external_links)
        of(eject, v).push(id);
      else
        deliver(id, v);
      return;
    }
    Fifo& q = link(v, l);
    q.push(id);
    ++queued[at(v - first)];
    totals.max_queue = std::max(totals.max_queue, static_cast<long>(q.size()));
  }

  const Topology& topo;
  Routing routing;
  NodeModel model;
  int first;
  int size;
  int degree;
  std::vector<Packet> packets;  // by id; ids of delivered or departed packets are reused
  std::vector<int> free;
  std::vector<Rng> rngs;
  std::vector<Fifo> links;   // node-major: link l of node v at (v - first) * degree + l
  std::vector<Fifo> inject;  // application node -> its router
  std::vector<Fifo> eject;   // router -> its application node
  std::vector<Fifo> input;   // arrived, waiting for the routing function
  std::vector<double> credit;
  std::vector<long> decisions;
  std::vector<long> queued;  // packets in a node's output-link queues
  std::vector<Arrival> arrivals;
  std::vector<int> scratch;
  BlockTotals totals;
};

NodeBlock::NodeBlock(const Topology& topology, Routing routing, const NodeModel& model,
                     const Workload& workload, std::uint64_t seed, int first, int last)
    : first_(first), last_(last) {
  const int nodes = topology.nodes();
  if (static_cast<int>(workload.size()) != nodes)
    throw std::invalid_argument("the workload is for " + std::to_string(workload.size()) +
                                " nodes, the " + topology.name() + " has " + std::to_string(nodes));
  if (!(model.service_rate >= 0))
    throw std::invalid_argument("the service rate must be at least 0");
  if (first < 0 || first > last || last > nodes)
    throw std::invalid_argument("nodes " + std::to_string(first) + ".." + std::to_string(last - 1) +
                                " are not a block of the " + topology.name());
  state_ = std::make_unique<State>(topology, routing, model, first, last);
  State& s = *state_;
  s.rngs.reserve(at(last - first));
  for (int v = first; v < last; ++v) s.rngs.emplace_back(Rng::derive(seed, at(v)));
  for (int v = first; v < last; ++v) {
    for (int to : workload[at(v)]) {
      if (to < 0 || to >= nodes)
        throw std::invalid_argument("packet destination " + std::to_string(to) + " is not a node");
      Packet p;
      p.source = v;
      p.destination = to;
      start_route(routing, nodes, p, s.rng(v));
      const int id = s.add(p);
      // Without external links the source's router holds its packets from the start.
      s.of(model.external_links ? s.inject : s.input, v).push(id);
    }
  }
}

NodeBlock::~NodeBlock() = default;

void NodeBlock::start() {
  if (!state_->model.external_links) state_->route_all();
}

void NodeBlock::move(std::vector<Transit>& leaving) { state_->move(leaving); }

void NodeBlock::arrive(std::span<const Transit> transits) {
  State& s = *state_;
  for (const Transit& t : transits) {
    if (!owns(t.node))
      throw std::invalid_argument("node " + std::to_string(t.node) + " is not in this block");
    s.arrivals.push_back({t.node, t.sender, t.link, s.add(t.packet)});
  }
}

void NodeBlock::route() { state_->route(); }

long NodeBlock::delivered() const { return state_->totals.delivered; }

BlockTotals NodeBlock::totals() const { return state_->totals; }

}  // namespace bsproute
