#include "legal_choices.hpp"

namespace bspcheck {

// The choices are those Hill et al., "BSPlib: The BSP Programming Library"
// (1998), leaves open: the order of the message queue, the order in which
// writes of different processes into the same bytes land, and when the
// unbuffered (hp) transfers read their source.
std::vector<Choice> legal_choices(int runs, std::uint64_t seed) {
  std::vector<Choice> fixed = {
      {"", "the default choices"},
      {"queue:reverse",
       "messages are dequeued in reverse order (the queue order, which BSPlib leaves open)"},
      {"writes:reverse",
       "colliding writes land in reverse source order (which of several writes into the same "
       "bytes wins, which BSPlib leaves open)"},
      {"hp:early",
       "hp transfers read their source early: an hpput's at the call, an hpget's as the "
       "superstep started (BSPlib lets unbuffered transfers read at any time until the sync)"},
      {"hp:late",
       "hp transfers read their source at the sync (BSPlib lets unbuffered transfers read at "
       "any time until the sync)"},
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
                                               " (the queue order, which BSPlib leaves open)"});
    else
      out.push_back({"writes:shuffle:" + s,
                     "colliding writes land in a shuffled source order, seed " + s +
                         " (which of several writes into the same bytes wins)"});
  }
  return out;
}

}  // namespace bspcheck
