// The generator's promises, checked without the library: programs are legal
// for the reference model, a seed always gives the same program, and a few
// hundred programs cover every operation and every process count.
#include "program_generator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "misuse_injector.hpp"
#include "reference_model.hpp"

namespace superstep::differential {
namespace {

// The same number gives the same program, and its text form reads back as it.
void expect_reproducible(std::uint64_t seed, const GeneratorOptions& options,
                         const model::Program& program) {
  EXPECT_EQ(model::program_to_text(generate_program(seed, options)),
            model::program_to_text(program));
  std::string error;
  std::optional<model::Program> back =
      model::program_from_text(model::program_to_text(program), &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(model::program_to_text(*back), model::program_to_text(program));
}

TEST(ProgramGenerator, ProgramsAreLegalAndReproducible) {
  GeneratorOptions options;
  std::set<model::OpKind> kinds;
  std::set<int> nprocs;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    model::Program program = generate_program(seed, options);
    model::ModelResult result = model::run_model(program);
    ASSERT_FALSE(result.stop) << "seed " << seed << ": " << describe(*result.stop);
    // A clean end: nothing registered, and the next program starts afresh.
    EXPECT_TRUE(result.states.back().slots.empty()) << "seed " << seed;
    EXPECT_EQ(result.states.back().tagsize, 0) << "seed " << seed;
    expect_reproducible(seed, options, program);
    nprocs.insert(program.nprocs);
    for (const model::Superstep& step : program.supersteps)
      for (const auto& ops : step.ops)
        for (const model::Op& op : ops) kinds.insert(op.kind);
  }
  EXPECT_EQ(nprocs.size(), static_cast<std::size_t>(options.max_nprocs));
  for (model::OpKind kind : {model::OpKind::kWrite, model::OpKind::kPushReg, model::OpKind::kPopReg,
                             model::OpKind::kPut, model::OpKind::kHpput, model::OpKind::kGet,
                             model::OpKind::kHpget, model::OpKind::kSetTagsize,
                             model::OpKind::kSend, model::OpKind::kQsize, model::OpKind::kGetTag,
                             model::OpKind::kMove, model::OpKind::kHpmove, model::OpKind::kEnquire})
    EXPECT_TRUE(kinds.count(kind)) << "no " << model::op_name(kind) << " generated";
}

// With teams: still legal and reproducible, splits into several teams, nested
// three deep, and every kind of operation inside teams.
TEST(ProgramGenerator, TeamProgramsAreLegalNestedAndUseEverything) {
  GeneratorOptions options;
  options.teams = true;
  std::set<model::OpKind> kinds_in_teams;
  int deepest = 0, splits = 0, splits_into_several = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    model::Program program = generate_program(seed, options);
    model::ModelResult result = model::run_model(program);
    ASSERT_FALSE(result.stop) << "seed " << seed << ": " << describe(*result.stop);
    expect_reproducible(seed, options, program);
    for (const model::Superstep& step : program.supersteps) {
      std::set<int> colours;
      for (const model::Op& op : step.ops.front())
        if (op.kind == model::OpKind::kTeamBegin) ++splits;
      for (const auto& ops : step.ops) {
        int depth = 0;
        for (const model::Op& op : ops) {
          if (op.kind == model::OpKind::kTeamBegin && depth == 0) colours.insert(op.value);
          depth += op.kind == model::OpKind::kTeamBegin ? 1
                   : op.kind == model::OpKind::kTeamEnd ? -1
                                                        : 0;
          deepest = std::max(deepest, depth);
          if (depth > 0) kinds_in_teams.insert(op.kind);
        }
      }
      splits_into_several += colours.size() > 1;
    }
  }
  EXPECT_EQ(deepest, options.max_team_depth);
  EXPECT_GT(splits, 100);
  EXPECT_GT(splits_into_several, 20);
  for (model::OpKind kind :
       {model::OpKind::kWrite, model::OpKind::kPushReg, model::OpKind::kPopReg, model::OpKind::kPut,
        model::OpKind::kHpput, model::OpKind::kGet, model::OpKind::kHpget,
        model::OpKind::kSetTagsize, model::OpKind::kSend, model::OpKind::kQsize,
        model::OpKind::kGetTag, model::OpKind::kMove, model::OpKind::kHpmove,
        model::OpKind::kEnquire, model::OpKind::kSync})
    EXPECT_TRUE(kinds_in_teams.count(kind)) << "no " << model::op_name(kind) << " in a team";
}

TEST(MisuseInjector, EveryKindCanBePlacedAndTheModelStopsThere) {
  GeneratorOptions options;
  for (int k = 0; k < kKindCount; ++k) {
    auto kind = static_cast<MisuseKind>(k);
    int placed = 0;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      std::optional<Injected> injected = inject(seed, kind, options);
      if (!injected) continue;
      ++placed;
      model::ModelResult result = model::run_model(injected->program);
      ASSERT_TRUE(result.stop);
      EXPECT_EQ(result.stop->superstep, injected->superstep);
      EXPECT_EQ(result.stop->primitive, injected->primitive);
    }
    EXPECT_GT(placed, 5) << kind_name(kind);
  }
}

}  // namespace
}  // namespace superstep::differential
