// A small seeded random number generator with results that do not depend on
// the standard library: std::uniform_int_distribution may differ between
// implementations, and bsproute promises the same statistics for the same
// seed everywhere.
#pragma once

#include <cstdint>
#include <vector>

namespace bsproute {

// SplitMix64 (Steele, Lea, Flood 2014): used to derive independent seeds.
std::uint64_t splitmix64(std::uint64_t& state);

// xoshiro256** seeded from SplitMix64.
class Rng {
 public:
  explicit Rng(std::uint64_t seed);
  // A seed for stream `index` of `seed`: per-node generators are independent of
  // the order in which nodes are simulated.
  static std::uint64_t derive(std::uint64_t seed, std::uint64_t index);

  std::uint64_t next();
  // Uniform in [0, bound); bound > 0. Rejection sampling, so no modulo bias.
  std::uint64_t below(std::uint64_t bound);

 private:
  std::uint64_t s_[4];
};

// A uniformly random permutation of 0..n-1 (Fisher-Yates).
std::vector<int> random_permutation(int n, Rng& rng);

}  // namespace bsproute
