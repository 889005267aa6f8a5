#include "orb.hpp"

#include <algorithm>

namespace nbody {

Orb::Orb(std::vector<Sample> samples, int p) { split(samples, 0, samples.size(), 0, p); }

int Orb::split(std::vector<Sample>& samples, std::size_t begin, std::size_t end, int first,
               int count) {
  const int index = static_cast<int>(cuts_.size());
  cuts_.push_back({});
  cuts_[index].first = first;
  if (count == 1) return index;
  // The longest extent of the samples here (any dimension when there are none).
  int dim = 0;
  double widest = -1;
  for (int d = 0; d < 3; ++d) {
    double lo = 0, hi = 0;
    for (std::size_t i = begin; i < end; ++i) {
      lo = i == begin ? samples[i].x[d] : std::min(lo, samples[i].x[d]);
      hi = i == begin ? samples[i].x[d] : std::max(hi, samples[i].x[d]);
    }
    if (hi - lo > widest) widest = hi - lo, dim = d;
  }
  std::sort(samples.begin() + begin, samples.begin() + end,
            [dim](const Sample& a, const Sample& b) { return a.x[dim] < b.x[dim]; });
  const int left = count / 2;
  double total = 0;
  for (std::size_t i = begin; i < end; ++i) total += samples[i].work;
  // The cut gives the lower half the share left / count of the work.
  std::size_t mid = begin;
  for (double sum = 0; mid < end && (sum + samples[mid].work) * count <= total * left; ++mid)
    sum += samples[mid].work;
  double at = 0;
  if (mid > begin && mid < end)
    at = 0.5 * (samples[mid - 1].x[dim] + samples[mid].x[dim]);
  else if (mid < end)
    at = samples[mid].x[dim];
  else if (end > begin)
    at = samples[end - 1].x[dim];
  cuts_[index].dim = dim;
  cuts_[index].at = at;
  const int below = split(samples, begin, mid, first, left);
  const int above = split(samples, mid, end, first + left, count - left);
  cuts_[index].below = below;
  cuts_[index].above = above;
  return index;
}

int Orb::owner(const double* x) const {
  int i = 0;
  while (cuts_[i].dim >= 0) i = x[cuts_[i].dim] < cuts_[i].at ? cuts_[i].below : cuts_[i].above;
  return cuts_[i].first;
}

}  // namespace nbody
