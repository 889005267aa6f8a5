// What-if predictions (bspprof predict): the profiled program's time on a
// machine bsproute describes (Juurlink and Wijshoff 1993), superstep by superstep.
//
// Process i runs on node i of a network of N = 2^n nodes (p <= N). A
// superstep's data becomes packets of m bytes, ceil(bytes / m) for each pair
// of processes that exchanged data (a process's data to itself stays home).
// Its h is the most packets a process sends or receives. The superstep then
// takes T_s = W_s + C_s + l, with W_s the longest computation measured here
// and C_s the time the network needs for the packets:
//   fit       the law of Juurlink and Wijshoff (1993), C = (a h + b n) m/B + (c + e n) h t_d, with
//             the paper's a, b, c, e = 1.22, 1.6, 1.1, 0.7 or fitted ones
//             (hypercube only); C = 0 when nothing is sent
//   simulate  bsproute simulates the superstep's actual packets on the network
//             with application nodes (section 2.2), one routing step per
//             t_m = m / B and a routing decision per t_d; C = steps * t_m
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "profile.hpp"
#include "routing.hpp"
#include "transputer.hpp"

namespace bspprof {

enum class MachineModel { kFit, kSimulate };

struct Machine {
  std::string topology = "hypercube";
  int n = 0;  // 0: the smallest n with 2^n >= p
  bsproute::Routing routing = bsproute::Routing::paper;
  double bytes_per_second = 0.625e6;  // B, the link bandwidth
  double routing_delay = 14.5e-6;     // t_d, seconds per routing decision
  int packet_bytes = 8;               // m
  double l = 0;                       // seconds of barrier per superstep
  MachineModel model = MachineModel::kFit;
  bsproute::RoutingLaws laws;  // for kFit
  std::uint64_t seed = 1;      // for kSimulate: superstep s uses Rng::derive(seed, s)
};

struct MachineStep {
  double measured = 0;       // as bspprof report measures it
  double W = 0;              // longest computation
  long h = 0;                // packets, max over processes of max(sent, received)
  long packets = 0;          // all packets of the superstep
  long routing_steps = 0;    // kSimulate: the simulated run's steps
  double communication = 0;  // C_s, seconds
  double predicted = 0;      // W + C + l
};

struct MachinePrediction {
  Machine machine;  // with n filled in
  int nprocs = 0;
  std::vector<MachineStep> steps;
  double measured = 0, predicted = 0;
};

// Throws InputError when the machine cannot run the profile (p > N, fit on
// a network other than the hypercube) or its parameters are not positive.
MachinePrediction predict_on_machine(const Profile& profile, Machine machine);

std::string machine_report(const MachinePrediction& prediction, std::size_t max_rows);

}  // namespace bspprof
