// Orthogonal recursive bisection (ORB): splits space into p boxes of about equal work by cuts
// across the longest extent, recursively, p's processes divided as evenly as the halves allow
// (so any p works). Computed from a weighted sample of the bodies that every process holds in
// the same order, so every process computes the same cuts without communicating.
#pragma once

#include <vector>

namespace nbody {

struct Sample {
  double x[3];
  double work;  // the work this sample stands for (interactions of the bodies it represents)
};

class Orb {
 public:
  Orb(std::vector<Sample> samples, int p);
  int owner(const double* x) const;

 private:
  struct Cut {
    int dim = -1;  // -1: a leaf, owned by process `first`
    double at = 0;
    int first = 0;               // the lowest process in this subtree
    int below = -1, above = -1;  // children
  };
  int split(std::vector<Sample>& samples, std::size_t begin, std::size_t end, int first, int count);
  std::vector<Cut> cuts_;
};

}  // namespace nbody
