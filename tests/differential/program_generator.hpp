// Random BSP programs for differential testing against the reference model.
//
// generate_program(seed) is a pure function of the seed and the options: the
// interpreter regenerates the same program in every process, and a failing
// seed replays with one command. Programs are legal (the reference model runs
// them to the end); hp operations that would clash are turned into their
// buffered twins by asking the model. With teams, every program superstep may
// split the machine into teams once or twice, the operations after each split
// built on the state it leaves.
#pragma once

#include <cstdint>

#include "bsp_program.hpp"

namespace superstep::differential {

struct GeneratorOptions {
  int min_nprocs = 1;
  int max_nprocs = 8;
  int max_supersteps = 6;      // before the epilogue
  int max_ops = 10;            // free operations per process per superstep
  bool clean_epilogue = true;  // end with every registration popped and tag size 0
  // Random nested splits into teams (bsp_team_begin): random colours and keys, each team a
  // random program of its own (1 to 3 supersteps), up to max_team_depth teams deep.
  bool teams = false;
  int max_team_depth = 3;
};

model::Program generate_program(std::uint64_t seed, const GeneratorOptions& options);

// A small deterministic random number generator (splitmix64), the same on
// every platform and standard library.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  int below(int n);               // 0 .. n-1 (0 when n <= 0)
  int range(int lo, int hi);      // lo .. hi inclusive
  bool chance(int num, int den);  // true with probability num/den

 private:
  std::uint64_t state_;
};

}  // namespace superstep::differential
