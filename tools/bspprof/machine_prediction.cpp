#include "machine_prediction.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include "models.hpp"
#include "node_block.hpp"
#include "rng.hpp"
#include "simulator.hpp"
#include "tables.hpp"
#include "units.hpp"
#include "topology.hpp"

namespace bspprof {

namespace {

long packets_for(double bytes, int packet_bytes) {
  return static_cast<long>(std::ceil(bytes / packet_bytes));
}

// Node i's packets, one destination per packet, for process i on node i.
bsproute::Workload workload_of(const Superstep& step, int nodes, int packet_bytes) {
  bsproute::Workload w(static_cast<std::size_t>(nodes));
  for (std::size_t i = 0; i < step.procs.size(); ++i)
    for (const auto& [to, bytes] : step.procs[i].flows)
      w[i].insert(w[i].end(), static_cast<std::size_t>(packets_for(bytes, packet_bytes)), to);
  return w;
}

// The h of the workload: the most packets one node sends or receives.
long h_of(const bsproute::Workload& w) {
  std::vector<long> in(w.size(), 0);
  long h = 0;
  for (const auto& row : w) {
    h = std::max(h, static_cast<long>(row.size()));
    for (int to : row) ++in[static_cast<std::size_t>(to)];
  }
  for (long x : in) h = std::max(h, x);
  return h;
}

void check(const Machine& m, int p) {
  if (!(m.bytes_per_second > 0) || !(m.routing_delay >= 0) || m.packet_bytes < 1 || !(m.l >= 0))
    throw InputError("the machine needs B > 0, t_d >= 0, m >= 1 and l >= 0");
  if (m.model == MachineModel::kFit && m.topology != "hypercube")
    throw InputError(
        "--model fit has the laws of Juurlink and Wijshoff (1993) for the hypercube only; use "
        "--model "
        "simulate for the " +
        m.topology);
  std::unique_ptr<bsproute::Topology> topology;
  try {
    topology = bsproute::make_topology(m.topology, m.n);
  } catch (const std::invalid_argument& e) {
    throw InputError(e.what());
  }
  if (topology->nodes() < p)
    throw InputError("the profile has p = " + std::to_string(p) + " processes, the " + m.topology +
                     " with n = " + std::to_string(m.n) + " only " +
                     std::to_string(topology->nodes()) + " nodes");
}

}  // namespace

MachinePrediction predict_on_machine(const Profile& profile, Machine machine) {
  if (machine.n == 0)
    while ((1 << machine.n) < profile.nprocs ||
           machine.n < bsproute::min_dimension(machine.topology))
      ++machine.n;
  check(machine, profile.nprocs);
  const auto topology = bsproute::make_topology(machine.topology, machine.n);
  const double t_m = machine.packet_bytes / machine.bytes_per_second;
  bsproute::NodeModel node;
  node.external_links = true;
  node.service_rate = machine.routing_delay > 0 ? t_m / machine.routing_delay : 0;
  const bsproute::TimeLine law =
      bsproute::law_prediction(machine.laws, machine.n, machine.packet_bytes,
                               machine.bytes_per_second * 1e-6, machine.routing_delay * 1e6);

  MachinePrediction out;
  out.machine = machine;
  out.nprocs = profile.nprocs;
  const Prediction measured = measure(profile, HOperator::kMax);
  for (std::size_t s = 0; s < profile.steps.size(); ++s) {
    MachineStep ms;
    ms.measured = measured.steps[s].measured;
    ms.W = measured.steps[s].W;
    const bsproute::Workload w =
        workload_of(profile.steps[s], topology->nodes(), machine.packet_bytes);
    ms.h = h_of(w);
    ms.packets = bsproute::count_packets(w);
    if (ms.packets > 0) {
      if (machine.model == MachineModel::kFit) {
        ms.communication = law.at(static_cast<double>(ms.h)) * 1e-6;
      } else {
        const bsproute::RunStats r = bsproute::simulate(*topology, machine.routing, node, w,
                                                        bsproute::Rng::derive(machine.seed, s));
        ms.routing_steps = r.steps;
        ms.communication = static_cast<double>(r.steps) * t_m;
      }
    }
    ms.predicted = ms.W + ms.communication + machine.l;
    out.measured += ms.measured;
    out.predicted += ms.predicted;
    out.steps.push_back(ms);
  }
  return out;
}

std::string machine_report(const MachinePrediction& p, std::size_t max_rows) {
  const Machine& m = p.machine;
  char line[256];
  std::string out;
  std::snprintf(line, sizeof line,
                "machine: %s, n = %d (N = %d), routing %s, B = %g byte/s, t_d = %s, m = %d "
                "bytes, l = %s\nmodel: %s; p = %d processes on nodes 0..%d\n\n",
                m.topology.c_str(), m.n, 1 << m.n, bsproute::routing_name(m.routing).c_str(),
                m.bytes_per_second, human_time(m.routing_delay).c_str(), m.packet_bytes,
                human_time(m.l).c_str(),
                m.model == MachineModel::kFit
                    ? "fit (the law T(n,m,h) of Juurlink and Wijshoff 1993)"
                    : "simulate (bsproute on each superstep)",
                p.nprocs, p.nprocs - 1);
  out += line;
  out += "  step            W         h  packets  routing steps  communication     predicted"
         "      measured\n";
  for (std::size_t s = 0; s < p.steps.size(); ++s) {
    if (max_rows != 0 && s == max_rows) {
      out += "  ... " + std::to_string(p.steps.size() - s) + " more supersteps (--max-rows)\n";
      break;
    }
    const MachineStep& x = p.steps[s];
    std::snprintf(line, sizeof line, "%6zu ", s);
    out += line + right_aligned(human_time(x.W), 12);
    std::snprintf(line, sizeof line, " %9ld %8ld %14ld ", x.h, x.packets, x.routing_steps);
    out += line + right_aligned(human_time(x.communication), 14) + " " +
           right_aligned(human_time(x.predicted), 13) + " " +
           right_aligned(human_time(x.measured), 13) + "\n";
  }
  std::snprintf(line, sizeof line,
                "\ntotal: predicted %s on the %s of %d nodes described above, measured %s on "
                "the machine that ran it\n",
                human_time(p.predicted).c_str(), m.topology.c_str(), 1 << m.n,
                human_time(p.measured).c_str());
  out += line;
  return out;
}

}  // namespace bspprof
