// Input and checks shared by both parallel sorts.
//
// The checks: : the output is globally sorted (each bucket sorted, and
// each bucket's first key not below the previous non-empty bucket's last), it is a permutation
// of the input (same count, same order-independent
// checksum), and how unbalanced the buckets are.
#pragma once

#include <cstdint>
#include <vector>

#include "report.hpp"

namespace apps {

struct KeySummary {
  std::uint64_t count = 0;
  std::uint64_t checksum = 0;  // sum of mix64(key bits): equal for any permutation
};

KeySummary summarize(const std::vector<double>& keys);

// Keys g = begin .. begin + count - 1 of the input: uniform in [0, 1), a function of (seed, g).
std::vector<double> generate_keys(unsigned long long seed, long long begin, long long count);

struct SortVerdict {
  bool sorted = false;
  bool permutation = false;
  std::uint64_t count_in = 0, count_out = 0;
  std::uint64_t max_bucket = 0;
  double imbalance = 0;  // largest bucket over n/p
};

// Collective (three supersteps, untimed): every process passes the summary of its input and
// its final bucket; every process gets the verdict.
SortVerdict verify_distributed_sort(const KeySummary& input, const std::vector<double>& bucket);

void report_sort(Report& report, const SortVerdict& v, int p);

}  // namespace apps
