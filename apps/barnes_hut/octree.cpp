#include "octree.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace nbody {

namespace {

constexpr int kMaxDepth = 48;  // coincident points would otherwise split forever

}  // namespace

Octree::Octree(const std::vector<Point>& points, const Box& bounds)
    : points_(points), order_(points.size()) {
  for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<std::uint32_t>(i);
  Box all = bounds;
  for (const Point& p : points) all.extend(p.x);
  double lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
  if (!all.empty())
    for (int d = 0; d < 3; ++d) lo[d] = all.lo[d], hi[d] = all.hi[d];
  Node root;
  double half = 0;
  for (int d = 0; d < 3; ++d) {
    root.centre[d] = 0.5 * (lo[d] + hi[d]);
    half = std::max(half, 0.5 * (hi[d] - lo[d]));
  }
  root.half = half * (1 + 1e-12) + 1e-300;
  root.end = static_cast<std::uint32_t>(points.size());
  nodes_.push_back(root);
  build(0, 0);
}

void Octree::build(std::size_t node, int depth) {
  const std::uint32_t begin = nodes_[node].begin, end = nodes_[node].end;
  if (end - begin <= kLeafSize || depth >= kMaxDepth) {
    double mass = 0, com[3] = {0, 0, 0};
    for (std::uint32_t i = begin; i < end; ++i) {
      const Point& p = points_[order_[i]];
      mass += p.m;
      for (int d = 0; d < 3; ++d) com[d] += p.m * p.x[d];
    }
    Node& n = nodes_[node];
    n.mass = mass;
    for (int d = 0; d < 3; ++d) n.com[d] = mass > 0 ? com[d] / mass : n.centre[d];
    return;
  }
  // Partition the points by octant (a counting sort of this range).
  // A copy: pushing the children below may move nodes_.
  const double c[3] = {nodes_[node].centre[0], nodes_[node].centre[1], nodes_[node].centre[2]};
  auto octant = [&](std::uint32_t i) {
    const Point& p = points_[i];
    return (p.x[0] > c[0] ? 1 : 0) | (p.x[1] > c[1] ? 2 : 0) | (p.x[2] > c[2] ? 4 : 0);
  };
  std::array<std::uint32_t, 9> start{};
  for (std::uint32_t i = begin; i < end; ++i) ++start[octant(order_[i]) + 1];
  start[0] = begin;
  for (int k = 0; k < 8; ++k) start[k + 1] += start[k];
  std::vector<std::uint32_t> sorted(end - begin);
  std::array<std::uint32_t, 8> fill;
  std::copy(start.begin(), start.begin() + 8, fill.begin());
  for (std::uint32_t i = begin; i < end; ++i) sorted[fill[octant(order_[i])]++ - begin] = order_[i];
  std::copy(sorted.begin(), sorted.end(), order_.begin() + begin);

  const std::int32_t first = static_cast<std::int32_t>(nodes_.size());
  const double h = nodes_[node].half / 2;
  for (int k = 0; k < 8; ++k) {
    Node child;
    for (int d = 0; d < 3; ++d) child.centre[d] = c[d] + ((k >> d) & 1 ? h : -h);
    child.half = h;
    child.begin = start[k];
    child.end = start[k + 1];
    nodes_.push_back(child);
  }
  nodes_[node].child = first;
  double mass = 0, com[3] = {0, 0, 0};
  for (int k = 0; k < 8; ++k) {
    build(static_cast<std::size_t>(first + k), depth + 1);
    const Node& ch = nodes_[first + k];
    mass += ch.mass;
    for (int d = 0; d < 3; ++d) com[d] += ch.mass * ch.com[d];
  }
  Node& n = nodes_[node];
  n.mass = mass;
  for (int d = 0; d < 3; ++d) n.com[d] = mass > 0 ? com[d] / mass : n.centre[d];
}

Force Octree::force(std::size_t self, double theta) const {
  Force f;
  const double* r = points_[self].x;
  auto add = [&](const double* x, double m) {
    const double dx = x[0] - r[0], dy = x[1] - r[1], dz = x[2] - r[2];
    const double r2 = dx * dx + dy * dy + dz * dz + kSoftening2;
    const double inv = 1 / std::sqrt(r2);
    const double inv3 = m * inv * inv * inv;
    f.a[0] += dx * inv3;
    f.a[1] += dy * inv3;
    f.a[2] += dz * inv3;
    f.phi -= m * inv;
    ++f.interactions;
  };
  std::vector<std::uint32_t> stack{0};
  while (!stack.empty()) {
    const Node& n = nodes_[stack.back()];
    stack.pop_back();
    if (n.mass == 0) continue;
    const double dx = n.com[0] - r[0], dy = n.com[1] - r[1], dz = n.com[2] - r[2];
    const double size = 2 * n.half;
    if (size * size < theta * theta * (dx * dx + dy * dy + dz * dz)) {
      add(n.com, n.mass);
    } else if (n.child < 0) {
      for (std::uint32_t i = n.begin; i < n.end; ++i)
        if (order_[i] != self) add(points_[order_[i]].x, points_[order_[i]].m);
    } else {
      for (int k = 0; k < 8; ++k) stack.push_back(static_cast<std::uint32_t>(n.child + k));
    }
  }
  return f;
}

void Octree::essential(const Box& box, double theta, std::vector<Point>& out) const {
  std::vector<std::uint32_t> stack{0};
  while (!stack.empty()) {
    const Node& n = nodes_[stack.back()];
    stack.pop_back();
    if (n.mass == 0) continue;
    double d2 = 0;  // squared distance from the centre of mass to the box
    for (int d = 0; d < 3; ++d) {
      const double gap = std::max({box.lo[d] - n.com[d], 0.0, n.com[d] - box.hi[d]});
      d2 += gap * gap;
    }
    const double size = 2 * n.half;
    if (size * size < theta * theta * d2) {
      out.push_back({{n.com[0], n.com[1], n.com[2]}, n.mass});
    } else if (n.child < 0) {
      for (std::uint32_t i = n.begin; i < n.end; ++i) out.push_back(points_[order_[i]]);
    } else {
      for (int k = 0; k < 8; ++k) stack.push_back(static_cast<std::uint32_t>(n.child + k));
    }
  }
}

}  // namespace nbody
