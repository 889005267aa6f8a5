// What the NAS Parallel Benchmarks codes (is, mg, lu) share: NPB's random number generator, the
// cost of a level-1 collective in the BSP prediction, and NPB's closing summary.
//
// The generator is the one of the NPB specification (Bailey, Barszcz et al., "The NAS Parallel
// Benchmarks", RNR-94-007, 1994): x(k+1) = a x(k) mod 2^46, each value r = x / 2^46 in (0, 1).
// NPB computes it in double precision (randlc, vranlc); 64-bit unsigned integers give the same
// numbers exactly, since 2^46 divides 2^64.
#pragma once

#include <bsp_level1.h>

#include <cstdint>
#include <string>
#include <vector>

#include "machine_params.hpp"
#include "report.hpp"

namespace apps::npb {

inline constexpr std::uint64_t kMultiplier = 1220703125;  // 5^13
inline constexpr std::uint64_t kStart = 314159265;  // x(0)
inline constexpr std::uint64_t kMask = (std::uint64_t{1} << 46) - 1;

// a^k mod 2^46.
std::uint64_t power(std::uint64_t a, std::uint64_t k);

class Generator {
 public:
  explicit Generator(std::uint64_t x) : x_(x & kMask) {}
  // The next number of the sequence, in (0, 1).
  double next() {
    x_ = (kMultiplier * x_) & kMask;
    return static_cast<double>(x_) * 0x1p-46;
  }
  // Moves on k numbers.
  void skip(std::uint64_t k) { x_ = (power(kMultiplier, k) * x_) & kMask; }

 private:
  std::uint64_t x_;
};

// The communication a program did, counted as it ran, for the BSP prediction: words of its
// own puts, supersteps of its own, and the level-1 collectives (their supersteps and h depend
// on the algorithm each call chose).
struct CommTally {
  double put_words = 0;  // 32-bit words, summed over this process's supersteps
  double put_messages = 0;  // the puts carrying them, where the program counts them (lu)
  int supersteps = 0;
  double collective_words = 0;
  int collective_supersteps = 0;
  // After a reduction or scan of `bytes` per process: what it cost.
  void reduction(double bytes);
  // What was counted since `earlier`, per repetition.
  CommTally since(const CommTally& earlier, int repetitions) const;
  // Adds the terms to a prediction with the machine's g, o (of bsp_put) and l.
  void add_to(CostPrediction& cost, const MachineParams& params) const;
};

// The report's BSP prediction at p (nothing without --params): the measured work, the
// tally's h-relations and supersteps, and the timer's closing sync.
void report_prediction(Report& report, const std::vector<MachineParams>& machine, int p,
                       double work_s, const CommTally& tally);

// NPB's summary block: the benchmark, class, size, time, Mop/s and verification.
struct Summary {
  std::string benchmark;  // "IS", "MG", "LU"
  std::string problem_class;
  std::string size;  // "65536", "32x32x32"
  int iterations = 0;
  double seconds = 0;
  double mops = 0;
  int processes = 1;
  std::string operation;  // "keys ranked", "floating point"
  bool verified = false;
};
void print_summary(const Summary& s);

}  // namespace apps::npb
