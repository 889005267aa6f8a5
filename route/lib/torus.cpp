#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "topology.hpp"

namespace bsproute {

namespace {

// Steps in the positive direction from a to b on a ring of k nodes.
int forward(int a, int b, int k) { return ((b - a) % k + k) % k; }

// Appends the productive direction(s) on one ring: positive when the forward
// way is no longer than the backward way (ties go forward), else negative.
void ring_links(int a, int b, int k, int plus, int minus, std::vector<int>& links) {
  const int ahead = forward(a, b, k);
  if (ahead == 0) return;
  links.push_back(ahead <= k - ahead ? plus : minus);
}

}  // namespace

Torus::Torus(int n) : width_(1 << ((n + 1) / 2)), height_(1 << (n / 2)) {
  if (n < 2 || n > kMaxDimension)
    throw std::invalid_argument("a torus needs 2 <= n <= " + std::to_string(kMaxDimension) +
                                ", got n = " + std::to_string(n));
}

int Torus::neighbour(int node, int link) const {
  const int x = node % width_, y = node / width_;
  switch (link) {
    case 0:
      return y * width_ + (x + 1) % width_;
    case 1:
      return y * width_ + (x + width_ - 1) % width_;
    case 2:
      return ((y + 1) % height_) * width_ + x;
    default:
      return ((y + height_ - 1) % height_) * width_ + x;
  }
}

void Torus::productive_links(int at, int to, std::vector<int>& links) const {
  links.clear();
  ring_links(at % width_, to % width_, width_, 0, 1, links);
  ring_links(at / width_, to / width_, height_, 2, 3, links);
}

int Torus::distance(int from, int to) const {
  const int dx = forward(from % width_, to % width_, width_);
  const int dy = forward(from / width_, to / width_, height_);
  return std::min(dx, width_ - dx) + std::min(dy, height_ - dy);
}

}  // namespace bsproute
