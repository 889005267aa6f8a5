// A Barnes-Hut octree over point masses: at most kLeafSize points per leaf, monopole (centre
// of mass) approximations, the opening criterion size / distance < theta.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace nbody {

constexpr int kLeafSize = 40;         // the paper's limit of bodies per leaf
constexpr double kSoftening2 = 1e-4;  // Plummer softening squared (epsilon = 0.01)

struct Point {
  double x[3];
  double m;
};

struct Box {
  double lo[3] = {1, 1, 1}, hi[3] = {-1, -1, -1};  // empty
  bool empty() const { return lo[0] > hi[0]; }
  void extend(const Box& other) {
    if (other.empty()) return;
    const bool was_empty = empty();
    for (int d = 0; d < 3; ++d) {
      lo[d] = was_empty ? other.lo[d] : std::min(lo[d], other.lo[d]);
      hi[d] = was_empty ? other.hi[d] : std::max(hi[d], other.hi[d]);
    }
  }
  void extend(const double* x) { extend(Box{{x[0], x[1], x[2]}, {x[0], x[1], x[2]}}); }
};

struct Force {
  double a[3] = {0, 0, 0};
  double phi = 0;  // potential per unit mass
  std::uint64_t interactions = 0;
};

class Octree {
 public:
  // Builds the tree over points (kept by reference: they must outlive the tree). Its root is
  // the cube around `bounds` and the points: processes that pass the bounds of all bodies
  // build cells that are cells of the one global tree, as the sequential program's are.
  explicit Octree(const std::vector<Point>& points, const Box& bounds = Box{});
  // A temporary would not outlive the tree.
  Octree(std::vector<Point>&& points, const Box& bounds = Box{}) = delete;

  // The acceleration and potential at points[self] from every other point.
  Force force(std::size_t self, double theta) const;

  // The locally essential data for a process whose bodies lie in `box`: a cell that every
  // point of the box would accept (size < theta * its distance to the box) as one point at its
  // centre of mass, else a leaf's points, else the children's data.
  void essential(const Box& box, double theta, std::vector<Point>& out) const;

 private:
  struct Node {
    double centre[3], half;
    double com[3], mass;
    std::int32_t child = -1;           // first of 8 consecutive children, or -1 for a leaf
    std::uint32_t begin = 0, end = 0;  // its points: order_[begin .. end)
  };

  void build(std::size_t node, int depth);

  const std::vector<Point>& points_;
  std::vector<std::uint32_t> order_;
  std::vector<Node> nodes_;
};

}  // namespace nbody
