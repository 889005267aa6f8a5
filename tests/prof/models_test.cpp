// The cost models on profiles made up by hand, with answers worked out on paper.
#include "models.hpp"

#include <gtest/gtest.h>

#include "assessment.hpp"
#include "profile.hpp"
#include "synthetic_profile.hpp"

namespace bspprof {
namespace {

using testing::Edge;
using testing::profile_text;
using testing::Step;

// Roda et al. (1999), Figure 1: four processors, two steps. In step 1 processors 0 and 1
// compute 4 s, 2 and 3 compute 2 s, then 0<->1 and 2<->3 exchange a word; in
// step 2 the loads are the other way round and 0<->2, 1<->3 exchange. With
// g = 0.5 s/word, L = 1 s and h = in + out = 2 words each communication costs
// 2 s. BSPWB waits for the slowest processor at every step: 4+2 + 4+2 = 12 s.
// MPM lets each processor wait only for its partners: processor 0 is ready
// for step 2's exchange at 6+2 = 8 s, and so is its partner 2 (4+4), so all
// finish at 8+2 = 10 s. The paper: "MPM model (10 s) ... BSPWB model (12 s)".
Profile figure1() {
  auto word = [](int to) { return std::vector<Edge>{{to, "put", 4, 1}}; };
  return parse_profile(profile_text({{{4, word(1)}, {4, word(0)}, {2, word(3)}, {2, word(2)}},
                                     {{2, word(2)}, {2, word(3)}, {4, word(0)}, {4, word(1)}}}),
                       "figure1");
}

TEST(Models, Figure1MpmTenSecondsBspwbTwelve) {
  Params par{0.5, 1.0, 1.0, HOperator::kSum, "test", {}};
  Prediction pr = predict(figure1(), par);
  EXPECT_DOUBLE_EQ(pr.bspwb, 12.0);
  EXPECT_DOUBLE_EQ(pr.mpm, 10.0);
  ASSERT_EQ(pr.steps.size(), 2u);
  EXPECT_DOUBLE_EQ(pr.steps[0].mpm, 6.0);
  EXPECT_DOUBLE_EQ(pr.steps[1].mpm, 4.0);
}

TEST(Models, BspIsWPlusGhPlusLPerSuperstep) {
  // h = max(in, out) = 1 word: 4 + 0.5 + 3 = 7.5 per step, 15 in all.
  Params par{0.5, 3.0, 1.0, HOperator::kMax, "test", {}};
  Prediction pr = predict(figure1(), par);
  EXPECT_DOUBLE_EQ(pr.steps[0].bsp, 7.5);
  EXPECT_DOUBLE_EQ(pr.bsp, 15.0);
  // BSPWB with the max reading: 4 + (0.5 * 1 + 1) per step.
  EXPECT_DOUBLE_EQ(pr.bspwb, 11.0);
}

TEST(Models, MeasuredTimeRunsFromLatestEndToLatestEnd) {
  Prediction pr = measure(figure1(), HOperator::kMax);
  // Step 0 ends when processes 0 and 1 end (4 s); step 1 when everyone ends (6 s).
  EXPECT_DOUBLE_EQ(pr.steps[0].measured, 4.0);
  EXPECT_DOUBLE_EQ(pr.steps[1].measured, 2.0);
  EXPECT_DOUBLE_EQ(pr.measured, 6.0);
  EXPECT_DOUBLE_EQ(pr.steps[0].W, 4.0);
  EXPECT_DOUBLE_EQ(pr.steps[0].mean_w, 3.0);
}

TEST(Models, BothReadingsOfH) {
  // Process 0 puts 12 bytes (3 words) to 1 and gets 20 bytes (5 words) from 2.
  Profile prof = parse_profile(
      profile_text({{{0, {{1, "put", 12, 3}, {2, "get", 20, 1}}}, {0, {}}, {0, {}}}}), "h");
  const ProcessStep& p0 = prof.steps[0].procs[0];
  EXPECT_DOUBLE_EQ(h_of(p0, HOperator::kMax), 5.0);
  EXPECT_DOUBLE_EQ(h_of(p0, HOperator::kSum), 8.0);
  // The get's data leaves process 2 and arrives at 0, which counts 2 a sender.
  EXPECT_DOUBLE_EQ(prof.steps[0].procs[2].out_bytes[2], 20.0);
  EXPECT_DOUBLE_EQ(p0.in_bytes[2], 20.0);
  EXPECT_DOUBLE_EQ(p0.out_count[0], 3.0);
  EXPECT_EQ(p0.senders, std::vector<int>{2});
  EXPECT_EQ(prof.steps[0].procs[1].senders, std::vector<int>{0});
}

TEST(Models, CommunicationWithItselfIsNotAnHRelation) {
  Profile prof = parse_profile(profile_text({{{0, {{0, "put", 400, 1}}}, {0, {}}}}), "self");
  EXPECT_DOUBLE_EQ(h_of(prof.steps[0].procs[0], HOperator::kSum), 0.0);
  EXPECT_DOUBLE_EQ(prof.steps[0].procs[0].self_bytes, 400.0);
}

TEST(Models, MpmFollowsOnlyIncomingPartners) {
  // Process 1 computes 10 s but sends nothing; process 0 computes 1 s and
  // receives from nobody: MPM lets 0 finish at 1 + L, BSPWB waits for 1.
  Profile prof = parse_profile(profile_text({{{1, {}}, {10, {}}}}), "partners");
  Prediction pr = predict(prof, Params{1.0, 0.0, 0.5, HOperator::kMax, "test", {}});
  EXPECT_DOUBLE_EQ(pr.bspwb, 10.5);
  EXPECT_DOUBLE_EQ(pr.mpm, 10.5);  // the run ends with its slowest process
  Profile sends = parse_profile(profile_text({{{1, {}}, {10, {{0, "put", 8, 1}}}}}), "sends");
  // Now 0 waits for 1: 10 + g * max(h_0, h_1) + L = 10 + 2 + 0.5.
  EXPECT_DOUBLE_EQ(predict(sends, Params{1.0, 0.0, 0.5, HOperator::kMax, "test", {}}).mpm, 12.5);
}

TEST(Models, ErrorsAndTheMostWrongSuperstep) {
  Params par{0.5, 1.0, 1.0, HOperator::kSum, "test", {}};
  Profile prof = figure1();
  Assessment a = assess(prof, par, par.op);
  ASSERT_EQ(a.models.size(), 3u);
  // Measured 6 s, BSPWB predicts 12 s: +100 %.
  EXPECT_DOUBLE_EQ(a.models[1].total_error, 100.0);
  // Step 1: measured 2 s, BSPWB 6 s (+200 %), the worst.
  EXPECT_EQ(a.models[1].worst_step, 1u);
  EXPECT_DOUBLE_EQ(a.models[1].worst_error, 200.0);
}

}  // namespace
}  // namespace bspprof
