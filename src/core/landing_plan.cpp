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
  // Those left are disjoint, so their ends rise with their begins; the
  // others, merged into disjoint spans, too: one sweep over both.
  std::vector<std::size_t> disjoint;
  for (std::size_t i : order)
    if (in_place[i]) disjoint.push_back(i);
  std::vector<ByteSpan> merged(others);
  std::sort(merged.begin(), merged.end(),
            [](const ByteSpan& a, const ByteSpan& b) { return a.begin < b.begin; });
  std::size_t kept = 0;
  for (const ByteSpan& x : merged) {
    if (kept > 0 && x.begin <= merged[kept - 1].end)
      merged[kept - 1].end = std::max(merged[kept - 1].end, x.end);
    else
      merged[kept++] = x;
  }
  merged.resize(kept);
  std::size_t j = 0;  // the first merged span that does not end before the message
  for (std::size_t i : disjoint) {
    const ByteSpan& s = messages[i];
    while (j < merged.size() && merged[j].end <= s.begin) ++j;
    if (j < merged.size() && merged[j].begin < s.end) in_place[i] = false;
  }
  return in_place;
}

}  // namespace superstep
