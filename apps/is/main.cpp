// is: the NAS Parallel Benchmarks' integer sort (NPB 3.4 IS) in BSPlib.
//
// NPB's keys (its generator from 314159265 with multiplier 5^13), classes and verification; the
// ranking as apps/is/ranker.hpp describes. After one untimed iteration, the ten timed
// iterations rank all keys; the Mop/s figure is NPB's, 10 * keys / time / 10^6.
//
// BSP cost of one iteration, with N keys, B = 2^10 buckets (2^9 in class S), p processes:
//   W = O(N/p + B + max key / p)   counting, grouping, ranking by counting
//   h = (B + 5) (p - 1) words      the bucket sizes (bsp_allreduce, direct algorithm), and
//       + p (p - 1) words          the scan of the send counts (bsp_scan_exclusive), and
//       + about N/p (1 - 1/p)      the keys (bsp_hpput; a key is one word)
//   S = 2 + 2 + 1                  (the collectives' supersteps depend on the algorithm each
//                                   call chooses; the prediction counts what they did)
#include <bsp.h>
#include <bsp_level1.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "is_class.hpp"
#include "machine_params.hpp"
#include "npb_common.hpp"
#include "options.hpp"
#include "ranker.hpp"
#include "report.hpp"
#include "spmd.hpp"

namespace {

const apps::AppInfo kApp = {
    "is",
    "NAS Parallel Benchmarks IS (NPB 3.4): ranks the class's keys ten times, with buckets\n"
    "counted by a level-1 reduction and keys redistributed by bsp_hpput; NPB's partial and\n"
    "full verification and Mop/s.",
    "",
    0,
    1,
    {},
    "p must be a power of two, at most 1024. Checks: the ranks of the class's five test keys\n"
    "after each of the ten iterations (NPB's partial verification) and, at the end, that the\n"
    "keys are in order across all processes and are the keys generated, by count and sum (full\n"
    "verification). With --iterations I the ten timed iterations run I times; the best time\n"
    "gives Mop/s.",
    {{"class", "NPB problem class", {"S", "W", "A", "B", "C"}, "S"}},
    true};

struct Run {
  int passes = 0;  // test key ranks right, over all processes
  bool full_ok = false;
  double best_s = 0;
  double work_s = 0;  // the most local work of a process, per repetition
  apps::npb::CommTally tally;
};

void spmd(const apps::Options& o, Run& out) {
  apps::require_procs(kApp.name.c_str(), o.p);
  is::Ranker ranker(is::problem_class(o.choice("class")));
  ranker.rank(1);  // NPB's untimed iteration
  const int passes_before = ranker.partial_passes();
  const double work_before = ranker.work_s();
  const apps::npb::CommTally tally_before = ranker.tally();
  apps::SpmdTimer timer;
  double best = 1e300;
  for (int r = 0; r < o.iterations; ++r) {
    ranker.restart();
    timer.start();
    for (int it = 1; it <= is::kIterations; ++it) ranker.rank(it);
    best = std::min(best, timer.stop());
  }
  const bool full_ok = ranker.full_verify();
  const int passes = bsp_sumI(ranker.partial_passes() - passes_before);
  const double work = bsp_maxD((ranker.work_s() - work_before) / o.iterations);
  apps::npb::CommTally tally = ranker.tally().since(tally_before, o.iterations);
  tally.put_words = bsp_maxD(tally.put_words);
  ranker.release();
  if (bsp_pid() == 0) out = Run{passes, full_ok, best, work, tally};
}

}  // namespace

int main(int argc, char** argv) {
  const apps::Options o = apps::parse_options(kApp, argc, argv);
  if (!apps::is_power_of_two(o.p) || o.p > 1024)
    apps::bad_argument(kApp, "p = " + std::to_string(o.p) +
                                 " is not a power of two from 1 to 1024 (NPB IS needs one)");
  const is::ProblemClass& c = is::problem_class(o.choice("class"));
  const std::vector<apps::MachineParams> machine =
      apps::load_machine_params(kApp.name, o.params);

  Run run;
  if (!apps::run_spmd(o.p, [&] { spmd(o, run); })) return 0;

  const long long keys = 1LL << c.total_log2;
  const int expected = is::kTestKeys * is::kIterations * o.iterations;
  apps::Report report(kApp, o);
  report.check(apps::format("partial verification: %d of %d test key ranks right", run.passes,
                            expected),
               run.passes == expected);
  report.check("full verification: all keys in order, the keys generated (count and sum)", run.full_ok);
  report.measured(run.best_s);
  apps::npb::report_prediction(report, machine, o.p, run.work_s, run.tally);
  apps::npb::print_summary({"IS", std::string(1, c.name), std::to_string(keys), is::kIterations,
                            run.best_s, is::kIterations * static_cast<double>(keys) / run.best_s / 1e6,
                            o.p, "keys ranked", run.passes == expected && run.full_ok});
  return report.finish();
}
