// The runs bspcheck makes: each resolves one choice BSPlib leaves open
// another legal way, named by the BSP_CHECK_ORDER value the library reads.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bspcheck {

struct Choice {
  std::string order;    // BSP_CHECK_ORDER ("" for the default run)
  std::string freedom;  // what it changes, in words
};

// The default run, then `runs` - 1 others: reversed message order, writes in
// reverse source order, hp sources read early and late, then message order
// and write order shuffled with seeds seed, seed + 1, ...
std::vector<Choice> legal_choices(int runs, std::uint64_t seed);

}  // namespace bspcheck
