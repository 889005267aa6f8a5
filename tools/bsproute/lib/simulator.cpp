#include "simulator.hpp"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace bsproute {

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

class Run {
 public:
  Run(const Topology& topology, Routing routing, const NodeModel& model, const Workload& workload,
      std::uint64_t seed)
      : topo_(topology),
        routing_(routing),
        model_(model),
        nodes_(topology.nodes()),
        degree_(topology.degree()),
        links_(static_cast<std::size_t>(nodes_) * static_cast<std::size_t>(degree_)),
        inject_(static_cast<std::size_t>(nodes_)),
        eject_(static_cast<std::size_t>(nodes_)),
        input_(static_cast<std::size_t>(nodes_)),
        credit_(static_cast<std::size_t>(nodes_), 0.0),
        decisions_(static_cast<std::size_t>(nodes_), 0),
        queued_(static_cast<std::size_t>(nodes_), 0) {
    if (static_cast<int>(workload.size()) != nodes_)
      throw std::invalid_argument("the workload is for " + std::to_string(workload.size()) +
                                  " nodes, the " + topology.name() + " has " +
                                  std::to_string(nodes_));
    if (!(model.service_rate >= 0))
      throw std::invalid_argument("the service rate must be at least 0");
    rngs_.reserve(static_cast<std::size_t>(nodes_));
    for (int v = 0; v < nodes_; ++v)
      rngs_.emplace_back(Rng::derive(seed, static_cast<std::uint64_t>(v)));
    for (int v = 0; v < nodes_; ++v) {
      for (int to : workload[static_cast<std::size_t>(v)]) {
        if (to < 0 || to >= nodes_)
          throw std::invalid_argument("packet destination " + std::to_string(to) +
                                      " is not a node");
        Packet p;
        p.source = v;
        p.destination = to;
        start_route(routing_, nodes_, p, rng(v));
        const int id = static_cast<int>(packets_.size());
        packets_.push_back(p);
        // Without external links the source's router holds its packets from the start.
        if (model_.external_links)
          inject_[static_cast<std::size_t>(v)].push(id);
        else
          input_[static_cast<std::size_t>(v)].push(id);
      }
    }
  }

  RunStats run() {
    const long total = static_cast<long>(packets_.size());
    long step = 0;
    if (!model_.external_links) route_all(step);
    // Every packet needs at most diameter-ish hops; a run that is this slow is broken.
    const long bound = 1000 + 100 * (total + 1) * (degree_ + 4);
    while (delivered_ < total) {
      if (++step > bound) throw std::runtime_error("simulation did not finish (bug)");
      move(step);
      route_all(step);
    }
    RunStats s;
    s.steps = step;
    s.packets = total;
    s.delivered = delivered_;
    s.misdelivered = misdelivered_;
    s.busiest_node =
        decisions_.empty() ? 0 : *std::max_element(decisions_.begin(), decisions_.end());
    s.max_queue = max_queue_;
    const double link_steps = static_cast<double>(links_.size()) * static_cast<double>(step);
    s.link_utilisation = link_steps > 0 ? static_cast<double>(hops_) / link_steps : 0;
    s.mean_hops = total > 0 ? static_cast<double>(hops_) / static_cast<double>(total) : 0;
    return s;
  }

 private:
  Rng& rng(int v) { return rngs_[static_cast<std::size_t>(v)]; }
  Fifo& link(int v, int l) {
    return links_[static_cast<std::size_t>(v) * static_cast<std::size_t>(degree_) +
                  static_cast<std::size_t>(l)];
  }

  void deliver(int id, int at) {
    ++delivered_;
    if (packets_[static_cast<std::size_t>(id)].destination != at) ++misdelivered_;
  }

  // Every link (external ones first) carries the packet at the head of its
  // queue one hop. Arrivals are queued for the routing function in a fixed
  // order: the application node's packet, then by sending node and link.
  void move(long /*step*/) {
    if (model_.external_links) {
      for (int v = 0; v < nodes_; ++v) {
        Fifo& in = inject_[static_cast<std::size_t>(v)];
        if (!in.empty()) arrivals_.push_back({v, in.pop()});
        Fifo& out = eject_[static_cast<std::size_t>(v)];
        if (!out.empty()) deliver(out.pop(), v);
      }
    }
    for (int v = 0; v < nodes_; ++v) {
      if (queued_[static_cast<std::size_t>(v)] == 0) continue;
      for (int l = 0; l < degree_; ++l) {
        Fifo& q = link(v, l);
        if (q.empty()) continue;
        const int id = q.pop();
        --queued_[static_cast<std::size_t>(v)];
        ++packets_[static_cast<std::size_t>(id)].hops;
        ++hops_;
        arrivals_.push_back({topo_.neighbour(v, l), id});
      }
    }
    // A stable sort by receiving node keeps the order described above.
    std::stable_sort(arrivals_.begin(), arrivals_.end(),
                     [](const Arrival& a, const Arrival& b) { return a.node < b.node; });
    for (const Arrival& a : arrivals_) input_[static_cast<std::size_t>(a.node)].push(a.id);
    arrivals_.clear();
  }

  // Each node's routing function handles what waits for it, as far as its
  // service rate allows this step.
  void route_all(long /*step*/) {
    for (int v = 0; v < nodes_; ++v) {
      Fifo& in = input_[static_cast<std::size_t>(v)];
      double& credit = credit_[static_cast<std::size_t>(v)];
      if (model_.service_rate > 0) {
        // An idle router banks at most one decision (or one step's worth).
        credit = std::min(credit + model_.service_rate, std::max(1.0, model_.service_rate));
      }
      while (!in.empty() && (model_.service_rate == 0 || credit >= 1)) {
        if (model_.service_rate > 0) credit -= 1;
        route_one(v, in.pop());
      }
    }
  }

  void route_one(int v, int id) {
    ++decisions_[static_cast<std::size_t>(v)];
    Packet& p = packets_[static_cast<std::size_t>(id)];
    const int l = choose_link(topo_, routing_, p, v, rng(v), scratch_);
    if (l < 0) {
      if (model_.external_links)
        eject_[static_cast<std::size_t>(v)].push(id);
      else
        deliver(id, v);
      return;
    }
    Fifo& q = link(v, l);
    q.push(id);
    ++queued_[static_cast<std::size_t>(v)];
    max_queue_ = std::max(max_queue_, static_cast<long>(q.size()));
  }

  struct Arrival {
    int node;
    int id;
  };

  const Topology& topo_;
  Routing routing_;
  NodeModel model_;
  int nodes_;
  int degree_;
  std::vector<Packet> packets_;
  std::vector<Rng> rngs_;
  std::vector<Fifo> links_;   // node-major: link l of node v at v * degree + l
  std::vector<Fifo> inject_;  // application node -> its router
  std::vector<Fifo> eject_;   // router -> its application node
  std::vector<Fifo> input_;   // arrived, waiting for the routing function
  std::vector<double> credit_;
  std::vector<long> decisions_;
  std::vector<long> queued_;  // packets in a node's output-link queues
  std::vector<Arrival> arrivals_;
  std::vector<int> scratch_;
  long delivered_ = 0;
  long misdelivered_ = 0;
  long hops_ = 0;
  long max_queue_ = 0;
};

}  // namespace

RunStats simulate(const Topology& topology, Routing routing, const NodeModel& model,
                  const Workload& workload, std::uint64_t seed) {
  Run run(topology, routing, model, workload, seed);
  return run.run();
}

}  // namespace bsproute
