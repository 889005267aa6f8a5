// The shrinker, with a stand-in for "the library disagrees": a predicate on
// the program itself. It must keep the failure, keep the program legal, and
// drop everything else it can.
#include "shrink.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "program_generator.hpp"
#include "reference_model.hpp"

namespace superstep::differential {
namespace {

// "Fails" while some process still puts to another process (outside teams,
// where pids are the program's).
bool has_remote_put(const model::Program& program) {
  for (const model::Superstep& step : program.supersteps)
    for (std::size_t q = 0; q < step.ops.size(); ++q) {
      int depth = 0;
      for (const model::Op& op : step.ops[q]) {
        depth += op.kind == model::OpKind::kTeamBegin ? 1
                 : op.kind == model::OpKind::kTeamEnd ? -1
                                                      : 0;
        if (depth == 0 && op.kind == model::OpKind::kPut && op.pid != static_cast<int>(q) &&
            op.nbytes > 0)
          return true;
      }
    }
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

// Programs with teams shrink to legal programs too: a failure that needs no
// team loses them all, whole; one that needs a team keeps it.
TEST(Shrink, DeletesWholeTeamsOrKeepsThem) {
  GeneratorOptions options;
  options.teams = true;
  auto count = [](const model::Program& program, model::OpKind kind) {
    int n = 0;
    for (const model::Superstep& step : program.supersteps)
      for (const auto& ops : step.ops)
        n += static_cast<int>(std::count_if(ops.begin(), ops.end(),
                                            [&](const model::Op& op) { return op.kind == kind; }));
    return n;
  };
  auto has_team_sync = [&](const model::Program& program) {
    return count(program, model::OpKind::kSync) > 0;
  };
  auto has_write = [&](const model::Program& program) {
    return count(program, model::OpKind::kWrite) > 0;
  };
  int shrunk = 0;
  for (std::uint64_t seed = 1; seed <= 60 && shrunk < 5; ++seed) {
    model::Program program = generate_program(seed, options);
    if (!has_team_sync(program) || !has_write(program)) continue;
    ++shrunk;
    // A local write needs no team: one write is left.
    model::Program without = shrink_program(program, has_write, 100000);
    EXPECT_EQ(without.op_count(), 1u) << model::program_to_text(without);
    model::Program with = shrink_program(program, has_team_sync, 100000);
    EXPECT_FALSE(model::run_model(with).stop) << model::program_to_text(with);
    // One split into teams (its colours cannot shrink), a team's sync, and nothing else.
    const int p = with.nprocs, syncs = count(with, model::OpKind::kSync);
    EXPECT_EQ(with.supersteps.size(), 1u) << model::program_to_text(with);
    EXPECT_EQ(count(with, model::OpKind::kTeamBegin), p) << model::program_to_text(with);
    EXPECT_GE(syncs, 1);
    EXPECT_EQ(with.op_count(), static_cast<std::size_t>(2 * p + syncs))
        << model::program_to_text(with);
  }
  EXPECT_EQ(shrunk, 5);
}

}  // namespace
}  // namespace superstep::differential
