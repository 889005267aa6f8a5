#include "workload.hpp"

#include <stdexcept>

namespace bsproute {

Pattern parse_pattern(const std::string& name) {
  if (name == "random") return Pattern::random;
  if (name == "uniform") return Pattern::uniform;
  if (name == "transpose") return Pattern::transpose;
  if (name == "bit-reversal") return Pattern::bit_reversal;
  throw std::invalid_argument("unknown pattern '" + name +
                              "' (known: random, uniform, transpose, bit-reversal)");
}

std::string pattern_name(Pattern pattern) {
  switch (pattern) {
    case Pattern::random:
      return "random";
    case Pattern::uniform:
      return "uniform";
    case Pattern::transpose:
      return "transpose";
    case Pattern::bit_reversal:
      return "bit-reversal";
  }
  return "?";
}

namespace {

int fixed_partner(Pattern pattern, int n, int v) {
  if (pattern == Pattern::transpose) {
    const int half = n / 2, mask = (1 << half) - 1;
    return ((v & mask) << half) | (v >> half);
  }
  int r = 0;
  for (int i = 0; i < n; ++i)
    if (v & (1 << i)) r |= 1 << (n - 1 - i);
  return r;
}

}  // namespace

Workload make_workload(Pattern pattern, int n, int h, Rng& rng) {
  if (h < 0) throw std::invalid_argument("h must be at least 0, got " + std::to_string(h));
  if (pattern == Pattern::transpose && n % 2 != 0)
    throw std::invalid_argument("the transpose pattern needs an even n, got n = " +
                                std::to_string(n));
  const int nodes = 1 << n;
  Workload out(static_cast<std::size_t>(nodes));
  for (auto& list : out) list.reserve(static_cast<std::size_t>(h));
  for (int j = 0; j < h; ++j) {
    if (pattern == Pattern::random) {
      const std::vector<int> perm = random_permutation(nodes, rng);
      for (int v = 0; v < nodes; ++v)
        out[static_cast<std::size_t>(v)].push_back(perm[static_cast<std::size_t>(v)]);
    } else if (pattern == Pattern::uniform) {
      for (int v = 0; v < nodes; ++v)
        out[static_cast<std::size_t>(v)].push_back(
            static_cast<int>(rng.below(static_cast<std::uint64_t>(nodes))));
    } else {
      for (int v = 0; v < nodes; ++v)
        out[static_cast<std::size_t>(v)].push_back(fixed_partner(pattern, n, v));
    }
  }
  return out;
}

}  // namespace bsproute
