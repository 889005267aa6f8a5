#include "core/landing_plan.hpp"

#include <algorithm>
#include <numeric>

namespace superstep {

std::vector<bool> lands_in_place(const std::vector<ByteSpan>& messages,
                                 const std::vector<ByteSpan>& others) {
  const std::size_t m = messages.size();
  std::vector<bool> in_place(m, true);
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return messages[a].begin < messages[b].begin; });
  // In begin order, a message overlaps an earlier one iff it begins before
  // the furthest end so far, and a later one iff the nearest begin after it
  // lies before its end.
  std::uint64_t furthest_end = 0;
  for (std::size_t k = 0; k < m; ++k) {
    const ByteSpan& s = messages[order[k]];
    if (k > 0 && s.begin < furthest_end) in_place[order[k]] = false;
    furthest_end = std::max(furthest_end, s.end);
  }
  for (std::size_t k = 0; k + 1 < m; ++k)
    if (messages[order[k + 1]].begin < messages[order[k]].end) in_place[order[k]] = false;
  // Those left are disjoint, so their ends rise with their begins: the ones
  // another span touches are a run found by one binary search.
  std::vector<std::size_t> disjoint;
  for (std::size_t i : order)
    if (in_place[i]) disjoint.push_back(i);
  for (const ByteSpan& x : others) {
    auto first = std::partition_point(disjoint.begin(), disjoint.end(),
                                      [&](std::size_t i) { return messages[i].end <= x.begin; });
    for (auto it = first; it != disjoint.end() && messages[*it].begin < x.end; ++it)
      in_place[*it] = false;
  }
  return in_place;
}

}  // namespace superstep
