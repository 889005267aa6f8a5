// What the nodes send: h-relations (each node sends and receives exactly h
// packets) of several kinds.
//
//   random        the union of h independent random permutations: the random
//                 h-relations of Juurlink and Wijshoff's (1993) experiments (h = 1: a random
//                 permutation)
//   uniform       every packet goes to a node drawn uniformly at random: each
//                 node sends h, but receives h only on average ("packets are
//                 addressed randomly", Juurlink and Wijshoff (1993) section 2.3)
//   transpose     node (hi, lo) sends its h packets to (lo, hi), the halves
//                 of its address swapped (n even): the classic bad case for
//                 dimension-order routing on a hypercube
//   bit-reversal  node v sends to v with its n address bits reversed
#pragma once

#include <string>
#include <vector>

#include "rng.hpp"

namespace bsproute {

enum class Pattern { random, uniform, transpose, bit_reversal };

// Throws std::invalid_argument naming the known patterns.
Pattern parse_pattern(const std::string& name);
std::string pattern_name(Pattern pattern);

// destinations[v] lists, in send order, where node v's packets go.
using Workload = std::vector<std::vector<int>>;

// For N = 2^n nodes. Throws std::invalid_argument for h < 0 and for transpose
// with odd n.
Workload make_workload(Pattern pattern, int n, int h, Rng& rng);

}  // namespace bsproute
