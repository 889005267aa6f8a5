// bspprof predict: a profile's time on a machine bsproute describes, checked
// on profiles made up by hand against answers worked out on paper.
#include "machine_prediction.hpp"

#include <gtest/gtest.h>

#include "synthetic_profile.hpp"

namespace bspprof {
namespace {

using testing::Edge;
using testing::profile_text;

// Two processes, two supersteps. Superstep 0: process 0 computes 1 ms and
// puts 80 bytes to process 1, which computes 2 ms; superstep 1: 3 ms and 1 ms,
// nothing sent.
Profile two_steps() {
  const std::vector<Edge> put80{{1, "put", 80, 1}};
  return parse_profile(profile_text({{{0.001, put80}, {0.002, {}}}, {{0.003, {}}, {0.001, {}}}}),
                       "two");
}

TEST(MachinePrediction, FitUsesThePapersLawOnTheSmallestCube) {
  Machine m;
  m.bytes_per_second = 1e6;  // t_m = m / B = 8 us
  m.routing_delay = 1e-6;
  m.packet_bytes = 8;
  const MachinePrediction p = predict_on_machine(two_steps(), m);
  EXPECT_EQ(p.machine.n, 1);  // 2 processes: a 1-cube
  ASSERT_EQ(p.steps.size(), 2u);
  // 80 bytes are 10 packets: h = 10. T = (1.22 * 10 + 1.6 * 1) * 8 us
  // + (1.1 + 0.7 * 1) * 10 * 1 us = 110.4 + 18 = 128.4 us.
  EXPECT_EQ(p.steps[0].h, 10);
  EXPECT_EQ(p.steps[0].packets, 10);
  EXPECT_NEAR(p.steps[0].communication, 128.4e-6, 1e-12);
  EXPECT_NEAR(p.steps[0].predicted, 0.002 + 128.4e-6, 1e-12);
  // Nothing sent: only the longest computation.
  EXPECT_EQ(p.steps[1].h, 0);
  EXPECT_EQ(p.steps[1].communication, 0);
  EXPECT_NEAR(p.steps[1].predicted, 0.003, 1e-12);
  EXPECT_NEAR(p.predicted, 0.005 + 128.4e-6, 1e-12);
  // The synthetic processes never wait for each other: the last ends at 4 ms.
  EXPECT_NEAR(p.measured, 0.004, 1e-9);
}

TEST(MachinePrediction, FitWithOtherLawsBarrierAndALargerCube) {
  Machine m;
  m.n = 3;
  m.bytes_per_second = 1e6;
  m.routing_delay = 1e-6;
  m.packet_bytes = 16;  // 80 bytes: 5 packets; t_m = 16 us
  m.l = 1e-5;
  m.laws = {1, 2, 1, 1};
  const MachinePrediction p = predict_on_machine(two_steps(), m);
  // T = (1 * 5 + 2 * 3) * 16 us + (1 + 1 * 3) * 5 * 1 us = 176 + 20 = 196 us.
  EXPECT_EQ(p.steps[0].h, 5);
  EXPECT_NEAR(p.steps[0].communication, 196e-6, 1e-12);
  EXPECT_NEAR(p.steps[0].predicted, 0.002 + 196e-6 + 1e-5, 1e-12);
  EXPECT_NEAR(p.steps[1].predicted, 0.003 + 1e-5, 1e-12);
}

TEST(MachinePrediction, SimulateRoutesTheActualPackets) {
  // One packet from process 0 to 1 on a 1-cube with application nodes: it
  // enters its router, crosses, leaves: 3 routing steps of t_m = 1 us.
  const std::vector<Edge> put8{{1, "put", 8, 1}};
  const Profile prof = parse_profile(profile_text({{{0.001, put8}, {0.001, {}}}}), "one");
  Machine m;
  m.model = MachineModel::kSimulate;
  m.bytes_per_second = 8e6;
  m.routing_delay = 0;  // routers decide without delay
  const MachinePrediction p = predict_on_machine(prof, m);
  EXPECT_EQ(p.steps[0].routing_steps, 3);
  EXPECT_NEAR(p.steps[0].communication, 3e-6, 1e-15);
  EXPECT_NEAR(p.steps[0].predicted, 0.001 + 3e-6, 1e-12);
}

TEST(MachinePrediction, AGetMovesDataFromTheProcessItReadsToTheReader) {
  // Process 1 gets 16 bytes from 0: two packets 0 -> 1, as a put of 16 would.
  const std::vector<Edge> get16{{0, "get", 16, 1}};
  const Profile prof = parse_profile(profile_text({{{0.001, {}}, {0.001, get16}}}), "get");
  Machine m;
  m.model = MachineModel::kSimulate;
  m.bytes_per_second = 8e6;
  m.routing_delay = 0;
  const MachinePrediction p = predict_on_machine(prof, m);
  EXPECT_EQ(p.steps[0].packets, 2);
  EXPECT_EQ(p.steps[0].h, 2);
  // The second packet follows one step behind the first: 4 steps.
  EXPECT_EQ(p.steps[0].routing_steps, 4);
}

TEST(MachinePrediction, RejectsMachinesThatCannotRunTheProfile) {
  Machine small;
  small.n = 1;
  const std::vector<Edge> none;
  const Profile four = parse_profile(
      profile_text({{{0.001, none}, {0.001, none}, {0.001, none}, {0.001, none}}}), "four");
  EXPECT_THROW(predict_on_machine(four, small), InputError);
  Machine torus;
  torus.topology = "torus";
  EXPECT_THROW(predict_on_machine(four, torus), InputError);  // fit is for the hypercube
  torus.model = MachineModel::kSimulate;
  EXPECT_NO_THROW(predict_on_machine(four, torus));
  Machine no_bandwidth;
  no_bandwidth.bytes_per_second = 0;
  EXPECT_THROW(predict_on_machine(four, no_bandwidth), InputError);
}

}  // namespace
}  // namespace bspprof
