#include "legal_choices.hpp"

namespace bspcheck {

std::vector<Choice> legal_choices(int runs, std::uint64_t seed) {
  std::vector<Choice> fixed = {
      {"", "the default choices"},
      {"queue:reverse", "messages are dequeued in reverse order (Hill et al. 1998, §4)"},
      {"writes:reverse",
       "colliding writes land in reverse source order (Hill et al. 1998, §3, buffering choices)"},
      {"hp:early",
       "hp transfers read their source early: an hpput's at the call, an hpget's as the "
       "superstep started (Hill et al. 1998, §3.2)"},
      {"hp:late", "hp transfers read their source at the sync (Hill et al. 1998, §3.2)"},
  };
  std::vector<Choice> out;
  for (int k = 0; k < runs; ++k) {
    if (k < static_cast<int>(fixed.size())) {
      out.push_back(fixed[static_cast<std::size_t>(k)]);
      continue;
    }
    const std::uint64_t n = static_cast<std::uint64_t>(k) - fixed.size();
    const std::string s = std::to_string(seed + n / 2);
    if (n % 2 == 0)
      out.push_back({"queue:shuffle:" + s, "messages are dequeued in a shuffled order, seed " + s +
                                               " (Hill et al. 1998, §4)"});
    else
      out.push_back(
          {"writes:shuffle:" + s, "colliding writes land in a shuffled source order, seed " + s +
                                      " (Hill et al. 1998, §3)"});
  }
  return out;
}

}  // namespace bspcheck
