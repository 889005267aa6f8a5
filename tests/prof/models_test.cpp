// The cost models on profiles made up by hand, with answers worked out on paper.
#include "models.hpp"

#include <gtest/gtest.h>

#include "assessment.hpp"
#include "profile.hpp"
#include "synthetic_profile.hpp"
#include "verdict.hpp"

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

// What the sync copies to the process itself costs g_self a word in every model: a process
// puts 100,000 8-byte elements to itself (200,000 words) after 100 us of work; with
// g_self = 0.5 ns/word the copies cost 100 us, so BSP predicts 100 + 100 + l = 205 us, BSPWB
// and MPM 100 + 100 + L = 202 us. Without g_self, the work and l alone.
TEST(Models, PutsToItselfCostGSelfAWord) {
  const Profile prof =
      parse_profile(profile_text({{{1e-4, {{0, "put", 800000, 100000}}}}}), "to itself");
  Params par{1e-9, 5e-6, 2e-6, HOperator::kMax, "test", {}};
  par.g_self = 0.5e-9;
  const StepPrediction sp = predict(prof, par).steps[0];
  EXPECT_DOUBLE_EQ(sp.h, 0.0);
  EXPECT_NEAR(sp.self_cost, 100e-6, 1e-15);
  EXPECT_NEAR(sp.bsp, 205e-6, 1e-15);
  EXPECT_NEAR(sp.bspwb, 202e-6, 1e-15);
  EXPECT_NEAR(sp.mpm, 202e-6, 1e-15);
  EXPECT_EQ(judge_step(sp, par).dominant, Term::kWork);
  par.g_self = 0;
  EXPECT_NEAR(predict(prof, par).steps[0].bsp, 105e-6, 1e-15);
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

// A superstep of many small messages: two processes each compute 100 us and
// put 100,000 messages of 8 bytes to the other. h = max(in, out) = 200,000
// words, so g h = 1e-9 * 2e5 = 200 us; the messages cost o m = 3 ns * 1e5 =
// 300 us; with l = 5 us BSP predicts 100 + 200 + 300 + 5 = 605 us. BSPWB and
// MPM add the start-up L = 2 us to g h + o m instead: 100 + 500 + 2 = 602 us.
Profile small_messages() {
  const std::vector<Edge> to0{{0, "put", 800000, 100000}}, to1{{1, "put", 800000, 100000}};
  return parse_profile(profile_text({{{1e-4, to1}, {1e-4, to0}}}), "small messages");
}

Params small_message_params() {
  Params par{1e-9, 5e-6, 2e-6, HOperator::kMax, "test", {}};
  par.o[0] = 3e-9;  // put
  return par;
}

TEST(Models, ManySmallMessagesCostOPerMessage) {
  const Prediction pr = predict(small_messages(), small_message_params());
  ASSERT_EQ(pr.steps.size(), 1u);
  const StepPrediction& sp = pr.steps[0];
  EXPECT_DOUBLE_EQ(sp.h, 200000);
  EXPECT_DOUBLE_EQ(sp.messages, 100000);
  EXPECT_NEAR(sp.message_cost, 300e-6, 1e-15);
  EXPECT_NEAR(sp.bsp, 605e-6, 1e-15);
  EXPECT_NEAR(sp.bspwb, 602e-6, 1e-15);
  EXPECT_NEAR(sp.mpm, 602e-6, 1e-15);
  // Without o the same superstep is predicted as g h + l alone.
  Params without = small_message_params();
  without.o = {};
  EXPECT_NEAR(predict(small_messages(), without).steps[0].bsp, 305e-6, 1e-15);
}

// The same superstep as the profile now records it: all 100,000 puts are small (8 bytes,
// joined into records), so they cost o_small = 0.1 ns each, not o: 10 us. BSP: 100 + 200 +
// 10 + 5 = 315 us; BSPWB and MPM 100 + 200 + 10 + 2 = 312 us. A profile written before small
// puts were counted (small_messages above) reads as none small.
Profile small_puts() {
  const std::vector<Edge> to0{{0, "put", 800000, 100000, 100000}},
      to1{{1, "put", 800000, 100000, 100000}};
  return parse_profile(profile_text({{{1e-4, to1}, {1e-4, to0}}}), "small puts");
}

TEST(Models, SmallPutsCostOSmallEachAndNoO) {
  Params par = small_message_params();
  par.o_small[0] = 0.1e-9;
  const StepPrediction sp = predict(small_puts(), par).steps[0];
  EXPECT_DOUBLE_EQ(sp.messages, 100000);
  EXPECT_DOUBLE_EQ(sp.small_messages, 100000);
  EXPECT_NEAR(sp.message_cost, 0, 1e-18);
  EXPECT_NEAR(sp.small_cost, 10e-6, 1e-15);
  EXPECT_NEAR(sp.bsp, 315e-6, 1e-15);
  EXPECT_NEAR(sp.bspwb, 312e-6, 1e-15);
  EXPECT_NEAR(sp.mpm, 312e-6, 1e-15);
  EXPECT_DOUBLE_EQ(predict(small_messages(), par).steps[0].small_messages, 0);
  EXPECT_NEAR(predict(small_messages(), par).steps[0].bsp, 605e-6, 1e-15);
}

// 100,000 puts of 128 bytes each make a record: 12.8 MB is h = 3.2e6 words, g h = 3.2 ms,
// o m = 300 us; o_small does not apply. BSP: 100 + 3200 + 300 + 5 = 3605 us.
TEST(Models, PutsOf128BytesCostOEach) {
  const std::vector<Edge> to0{{0, "put", 12800000, 100000, 0}},
      to1{{1, "put", 12800000, 100000, 0}};
  const Profile prof = parse_profile(profile_text({{{1e-4, to1}, {1e-4, to0}}}), "records");
  Params par = small_message_params();
  par.o_small[0] = 0.1e-9;
  const StepPrediction sp = predict(prof, par).steps[0];
  EXPECT_DOUBLE_EQ(sp.small_messages, 0);
  EXPECT_NEAR(sp.message_cost, 300e-6, 1e-15);
  EXPECT_NEAR(sp.small_cost, 0, 1e-18);
  EXPECT_NEAR(sp.bsp, 3605e-6, 1e-14);
}

// In + out: both the small puts and their cost double.
TEST(Models, SmallMessagesReadAsSumCountBothWays) {
  Params par = small_message_params();
  par.op = HOperator::kSum;
  par.o_small[0] = 0.1e-9;
  // 100 + 400 + 20 + 5 us.
  EXPECT_NEAR(predict(small_puts(), par).steps[0].bsp, 525e-6, 1e-15);
}

TEST(Models, MessagesReadAsSumCountBothWays) {
  Params par = small_message_params();
  par.op = HOperator::kSum;
  // in + out: 400,000 words and 200,000 messages: 100 + 400 + 600 + 5 us.
  EXPECT_NEAR(predict(small_messages(), par).steps[0].bsp, 1105e-6, 1e-15);
}

// The same 100,000 small puts, each apart from the one before (no run: an FFT's scattered
// puts): charged o_apart = 2 ns each instead of o_small: 200 us. BSP: 100 + 200 + 200 + 5 =
// 505 us. Half of them apart: 100 + 200 + (5 + 100) + 5 = 410 us.
TEST(Models, SmallPutsApartCostOApartEach) {
  Params par = small_message_params();
  par.o_small[0] = 0.1e-9;
  par.o_apart[0] = 2e-9;
  auto apart = [&](long n) {
    const std::vector<Edge> to0{{0, "put", 800000, 100000, 100000, n}},
        to1{{1, "put", 800000, 100000, 100000, n}};
    return parse_profile(profile_text({{{1e-4, to1}, {1e-4, to0}}}), "apart");
  };
  EXPECT_NEAR(predict(apart(100000), par).steps[0].small_cost, 200e-6, 1e-15);
  EXPECT_NEAR(predict(apart(100000), par).steps[0].bsp, 505e-6, 1e-15);
  EXPECT_NEAR(predict(apart(50000), par).steps[0].bsp, 410e-6, 1e-15);
  EXPECT_NEAR(predict(small_puts(), par).steps[0].bsp, 315e-6, 1e-15);  // none written: runs
}

// An edge that counts more small messages apart than small ones is refused.
TEST(Profile, RefusesMoreApartThanSmall) {
  const std::vector<Edge> bad{{1, "put", 800, 100, 50, 51}}, none{};
  EXPECT_THROW(parse_profile(profile_text({{{1e-4, bad}, {1e-4, none}}}), "bad"), InputError);
}

TEST(Verdict, NamesTheDominantTermOfAStepOffByMoreThanTenPercent) {
  // Measured 100 us (the synthetic sync takes no time), predicted 605 us: off
  // by +505%, and the messages (300 us of 605) dominate.
  const Prediction pr = predict(small_messages(), small_message_params());
  const StepVerdict v = judge_step(pr.steps[0], small_message_params());
  EXPECT_TRUE(v.off);
  EXPECT_NEAR(v.error, 505, 1e-9);
  EXPECT_EQ(v.dominant, Term::kMessages);
  EXPECT_NEAR(v.share, 300.0 / 605.0, 1e-12);
  EXPECT_EQ(describe(v), "messages*o 50%");
}

// With o_small = 5 ns the small puts cost 500 us of 100 + 200 + 500 + 5 = 805 us.
TEST(Verdict, NamesSmallMessagesWhereTheyDominate) {
  Params par = small_message_params();
  par.o_small[0] = 5e-9;
  const StepVerdict v = judge_step(predict(small_puts(), par).steps[0], par);
  EXPECT_EQ(v.dominant, Term::kSmallMessages);
  EXPECT_NEAR(v.seconds[static_cast<int>(Term::kMessages)], 0, 1e-18);
  EXPECT_EQ(describe(v), "small puts*o 62%");
}

// An edge that counts more small messages than messages is refused.
TEST(Profile, RefusesMoreSmallMessagesThanMessages) {
  const std::vector<Edge> bad{{1, "put", 800, 100, 101}}, none{};
  EXPECT_THROW(parse_profile(profile_text({{{1e-4, bad}, {1e-4, none}}}), "bad"), InputError);
}

TEST(Verdict, TimeBeyondTheModelAndStepsWithinTolerance) {
  StepPrediction sp;
  sp.W = 4e-6;
  sp.mean_w = 1.5e-6;
  sp.h = 1000;
  sp.bsp = 4e-6 + 1e-6 + 1e-6;  // W + g h + l with g = 1 ns/word, l = 1 us
  const Params par{1e-9, 1e-6, 0, HOperator::kMax, "test", {}};
  sp.measured = 20e-6;  // 14 us unexplained: the model is 70% short
  StepVerdict v = judge_step(sp, par);
  EXPECT_TRUE(v.off);
  EXPECT_EQ(v.dominant, Term::kBeyond);
  EXPECT_EQ(describe(v), "waiting beyond the model 70%");
  sp.measured = 8e-6;  // 2 us of 8 unexplained (-25%), the imbalance (2.5 us) the largest
  v = judge_step(sp, par);
  EXPECT_TRUE(v.off);
  EXPECT_EQ(v.dominant, Term::kImbalance);
  EXPECT_EQ(describe(v), "imbalance 31%, waiting beyond the model 25%");
  EXPECT_NEAR(v.seconds[static_cast<int>(Term::kImbalance)], 2.5e-6, 1e-18);
  sp.measured = 6.5e-6;  // -7.7%: within 10%
  v = judge_step(sp, par);
  EXPECT_FALSE(v.off);
  EXPECT_EQ(v.dominant, Term::kImbalance);
}

}  // namespace
}  // namespace bspprof
