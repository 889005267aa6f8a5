// The shrinker, with a stand-in for "the library disagrees": a predicate on
// the program itself. It must keep the failure, keep the program legal, and
// drop everything else it can.
#include "shrink.hpp"

#include <gtest/gtest.h>

#include "program_generator.hpp"
#include "reference_model.hpp"

namespace superstep::differential {
namespace {

// "Fails" while some process still puts to another process.
bool has_remote_put(const model::Program& program) {
  for (const model::Superstep& step : program.supersteps)
    for (std::size_t q = 0; q < step.ops.size(); ++q)
      for (const model::Op& op : step.ops[q])
        if (op.kind == model::OpKind::kPut && op.pid != static_cast<int>(q) && op.nbytes > 0)
          return true;
  return false;
}

TEST(Shrink, KeepsTheFailureAndTheLegalityAndLittleElse) {
  GeneratorOptions options;
  int shrunk = 0;
  for (std::uint64_t seed = 1; seed <= 60 && shrunk < 5; ++seed) {
    model::Program program = generate_program(seed, options);
    if (!has_remote_put(program)) continue;
    ++shrunk;
    model::Program small = shrink_program(program, has_remote_put, 100000);
    EXPECT_TRUE(has_remote_put(small));
    EXPECT_FALSE(model::run_model(small).stop) << model::program_to_text(small);
    // What is left: the put, the push that registers its target on every
    // process, and nothing more.
    EXPECT_EQ(small.supersteps.size(), 2u) << model::program_to_text(small);
    EXPECT_EQ(small.op_count(), static_cast<std::size_t>(small.nprocs) + 1)
        << model::program_to_text(small);
  }
  EXPECT_EQ(shrunk, 5);
}

}  // namespace
}  // namespace superstep::differential
