// The compact --machine description of bspprof predict.
#include "machine_spec.hpp"

#include <gtest/gtest.h>

namespace bspprof {
namespace {

TEST(MachineSpec, TheIssuesExampleSetsEveryField) {
  Machine m;
  apply_machine_spec("hypercube:n=6,B=20MB/s,td=400ns,m=8", m);
  EXPECT_EQ(m.topology, "hypercube");
  EXPECT_EQ(m.n, 6);
  EXPECT_DOUBLE_EQ(m.bytes_per_second, 20e6);
  EXPECT_DOUBLE_EQ(m.routing_delay, 400e-9);
  EXPECT_EQ(m.packet_bytes, 8);
}

TEST(MachineSpec, ATopologyAloneKeepsTheOtherFields) {
  Machine m;
  m.n = 3;
  m.bytes_per_second = 1e6;
  apply_machine_spec("torus", m);
  EXPECT_EQ(m.topology, "torus");
  EXPECT_EQ(m.n, 3);
  EXPECT_DOUBLE_EQ(m.bytes_per_second, 1e6);
}

TEST(MachineSpec, UnitsScaleAndBareNumbersAreBaseUnits) {
  Machine m;
  apply_machine_spec("crossbar:B=2.5GB/s,td=14.5us,m=64B", m);
  EXPECT_DOUBLE_EQ(m.bytes_per_second, 2.5e9);
  EXPECT_DOUBLE_EQ(m.routing_delay, 14.5e-6);
  EXPECT_EQ(m.packet_bytes, 64);
  apply_machine_spec("crossbar:B=625000,td=0.001", m);
  EXPECT_DOUBLE_EQ(m.bytes_per_second, 625000);
  EXPECT_DOUBLE_EQ(m.routing_delay, 0.001);
}

TEST(MachineSpec, RoutingByName) {
  Machine m;
  apply_machine_spec("hypercube:routing=valiant", m);
  EXPECT_EQ(m.routing, bsproute::Routing::valiant);
}

TEST(MachineSpec, BadDescriptionsSayWhatIsWrong) {
  Machine m;
  auto message = [&](const char* spec) {
    try {
      apply_machine_spec(spec, m);
    } catch (const MachineSpecError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message("ring:n=3").find("unknown machine 'ring'"), std::string::npos);
  EXPECT_NE(message("hypercube:n=6,q=1").find("unknown key 'q'"), std::string::npos);
  EXPECT_NE(message("hypercube:B=20Mb").find("unit 'Mb'"), std::string::npos);
  EXPECT_NE(message("hypercube:td=-1ns").find("positive number"), std::string::npos);
  EXPECT_NE(message("hypercube:n").find("is not KEY=VALUE"), std::string::npos);
  EXPECT_NE(message("hypercube:n=2.5").find("whole number"), std::string::npos);
  EXPECT_NE(message("hypercube:routing=fast").find("fast"), std::string::npos);
}

}  // namespace
}  // namespace bspprof
