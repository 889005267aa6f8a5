#include "npb_common.hpp"

#include <cstdio>

namespace apps::npb {

std::uint64_t power(std::uint64_t a, std::uint64_t k) {
  std::uint64_t result = 1, base = a & kMask;
  for (; k > 0; k >>= 1) {
    if (k & 1) result = (result * base) & kMask;
    base = (base * base) & kMask;
  }
  return result;
}

void CommTally::reduction(double bytes) {
  // The supersteps and h of each algorithm (bsp_level1.h): direct registers, then puts every
  // vector to the processes with a result; two-phase splits it in p blocks over two data
  // supersteps; messages sends the vectors in one superstep.
  const double p = bsp_nprocs();
  switch (bsp_collective_chosen()) {
    case BSP_COLLECTIVE_TWO_PHASE:
      collective_supersteps += 3;
      collective_words += 2 * (p - 1) * (bytes / p) / kWordBytes;
      break;
    case BSP_COLLECTIVE_MESSAGES:
      collective_supersteps += 1;
      collective_words += (p - 1) * bytes / kWordBytes;
      break;
    default:
      collective_supersteps += 2;
      collective_words += (p - 1) * bytes / kWordBytes;
      break;
  }
}

CommTally CommTally::since(const CommTally& earlier, int repetitions) const {
  CommTally d;
  d.put_words = (put_words - earlier.put_words) / repetitions;
  d.put_messages = (put_messages - earlier.put_messages) / repetitions;
  d.supersteps = (supersteps - earlier.supersteps) / repetitions;
  d.collective_words = (collective_words - earlier.collective_words) / repetitions;
  d.collective_supersteps = (collective_supersteps - earlier.collective_supersteps) / repetitions;
  return d;
}

void CommTally::add_to(CostPrediction& cost, const MachineParams& params) const {
  cost.relation(put_words, params.g_put);
  cost.messages(put_messages, params.o_put);
  cost.relation(collective_words, params.g_global > 0 ? params.g_global : params.g_put);
  cost.syncs(supersteps + collective_supersteps, params.l);
}

void report_prediction(Report& report, const std::vector<MachineParams>& machine, int p,
                       double work_s, const CommTally& tally) {
  if (machine.empty()) return;
  const std::optional<MachineParams> params = params_for(machine, p);
  CostPrediction cost;
  cost.compute_s = work_s;
  if (params) {
    tally.add_to(cost, *params);
    cost.syncs(1, params->l);  // the timer's closing sync
  }
  report.prediction(params, cost);
}

void print_summary(const Summary& s) {
  std::printf("\n %s Benchmark Completed.\n", s.benchmark.c_str());
  std::printf(" %-16s= %24s\n", "Class", s.problem_class.c_str());
  std::printf(" %-16s= %24s\n", "Size", s.size.c_str());
  std::printf(" %-16s= %24d\n", "Iterations", s.iterations);
  std::printf(" %-16s= %24.2f\n", "Time in seconds", s.seconds);
  std::printf(" %-16s= %24d\n", "Total processes", s.processes);
  std::printf(" %-16s= %24.2f\n", "Mop/s total", s.mops);
  std::printf(" %-16s= %24.2f\n", "Mop/s/process", s.mops / s.processes);
  std::printf(" %-16s= %24s\n", "Operation type", s.operation.c_str());
  std::printf(" %-16s= %24s\n\n", "Verification", s.verified ? "SUCCESSFUL" : "UNSUCCESSFUL");
}

}  // namespace apps::npb
