// Counter-based random numbers: element i of an input is a function of (seed, i) only, so each
// process generates its own part and the sequential baseline generates the same whole input.
#pragma once

#include <cstdint>

namespace apps {

// SplitMix64's finaliser: a bijection of 64-bit integers that mixes every bit.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The stream-th random 64-bit value of element i.
constexpr std::uint64_t random_bits(std::uint64_t seed, std::uint64_t i, std::uint64_t stream = 0) {
  return mix64(mix64(seed ^ (stream << 56)) + i);
}

// Uniform in [0, 1), 53 random bits.
constexpr double random_unit(std::uint64_t seed, std::uint64_t i, std::uint64_t stream = 0) {
  return static_cast<double>(random_bits(seed, i, stream) >> 11) * 0x1.0p-53;
}

}  // namespace apps
