// The problem classes of NPB IS (NPB 3.4): 2^total_log2 keys in [0, 2^max_key_log2), ranked
// through 2^buckets_log2 buckets, and the five test keys of the partial verification: their
// indices in the generated sequence and their ranks before the first iteration's changes.
#pragma once

#include <array>
#include <string>

namespace is {

inline constexpr int kIterations = 10;
inline constexpr int kTestKeys = 5;

struct ProblemClass {
  char name;
  int total_log2;
  int max_key_log2;
  int buckets_log2;
  std::array<long long, kTestKeys> test_index;
  std::array<long long, kTestKeys> test_rank;
};

// The class named by letter (S, W, A, B or C).
const ProblemClass& problem_class(const std::string& name);

// The rank test key i must have in the given iteration (1 .. kIterations): NPB changes two
// keys every iteration, which moves each test key's rank up or down by the iteration number,
// by a rule of its class.
long long expected_rank(const ProblemClass& c, int i, int iteration);

}  // namespace is
