// The networks bsproute simulates, behind one interface: an N = 2^n node
// hypercube (Juurlink and Wijshoff 1993), a 2-D torus and a full crossbar with the same N, so
// the hypercube's results can be compared with other wirings.
//
// Every node has the same number of outgoing links, numbered 0..degree-1; each
// link is one-way and carries one packet per routing step. A link's number is
// its "dimension": routing in dimension order means preferring lower numbers.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace bsproute {

class Topology {
 public:
  virtual ~Topology() = default;
  virtual std::string name() const = 0;  // "hypercube", "torus", "crossbar"
  virtual int nodes() const = 0;
  virtual int degree() const = 0;
  virtual int neighbour(int node, int link) const = 0;
  // The links out of `at` that take a packet one hop closer to `to` along a
  // shortest path, in ascending link order. Empty when at == to.
  virtual void productive_links(int at, int to, std::vector<int>& links) const = 0;
  // Hops on a shortest path.
  virtual int distance(int from, int to) const = 0;
};

// n-dimensional binary hypercube: link i of v goes to v with bit i flipped.
class Hypercube final : public Topology {
 public:
  explicit Hypercube(int n);
  std::string name() const override { return "hypercube"; }
  int nodes() const override { return 1 << n_; }
  int degree() const override { return n_; }
  int neighbour(int node, int link) const override { return node ^ (1 << link); }
  void productive_links(int at, int to, std::vector<int>& links) const override;
  int distance(int from, int to) const override;

 private:
  int n_;
};

// 2^ceil(n/2) x 2^floor(n/2) torus with wrap-around links. Links: 0 = +x,
// 1 = -x, 2 = +y, 3 = -y. Node id = y * width + x. Where both directions of a
// ring are equally short (distance exactly half the ring), only the positive
// one counts as productive, so a shortest path is never undone.
class Torus final : public Topology {
 public:
  explicit Torus(int n);
  std::string name() const override { return "torus"; }
  int nodes() const override { return width_ * height_; }
  int degree() const override { return 4; }
  int neighbour(int node, int link) const override;
  void productive_links(int at, int to, std::vector<int>& links) const override;
  int distance(int from, int to) const override;
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  int width_;
  int height_;
};

// Every node has a direct link to every other node: link l of v goes to
// (v + 1 + l) mod N. The ideal network, with h-relations limited only by the
// nodes' own links.
class Crossbar final : public Topology {
 public:
  explicit Crossbar(int n);
  std::string name() const override { return "crossbar"; }
  int nodes() const override { return nodes_; }
  int degree() const override { return nodes_ - 1; }
  int neighbour(int node, int link) const override { return (node + 1 + link) % nodes_; }
  void productive_links(int at, int to, std::vector<int>& links) const override;
  int distance(int from, int to) const override { return from == to ? 0 : 1; }

 private:
  int nodes_;
};

// The smallest and largest n each topology accepts.
constexpr int kMaxDimension = 16;
int min_dimension(const std::string& topology);

// "hypercube", "torus" or "crossbar" with N = 2^n nodes. Throws
// std::invalid_argument with a message for the user on an unknown name or an
// n out of range.
std::unique_ptr<Topology> make_topology(const std::string& name, int n);

const std::vector<std::string>& topology_names();

}  // namespace bsproute
