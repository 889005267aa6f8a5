// mg: the NAS Parallel Benchmarks' multigrid kernel (NPB 3.4 MG) in BSPlib.
//
// NPB's right-hand side (zran3), operators, V-cycle, classes and verification: the L2 norm of
// the final residual within a relative 10^-8 of the class's value. After an untimed start-up
// cycle, the timed part runs nit V-cycles; Mop/s is NPB's 58 nit n^3 / time / 10^6.
//
// The grid is cut into p slabs in z (multigrid.hpp, level.hpp). BSP cost of one V-cycle, with
// n^3 points, p processes, lt = log2 n levels, and a plane of (n_k + 2)^2 doubles:
//   W = O(n^3 / p)                       (the levels with n_k >= 2p; the replicated coarse
//                                         levels below add O(p^3) each, computed everywhere)
//   h = sum over the exchanges of 2 planes of the level (2 words per double), each a
//       superstep of bsp_hpput: on the finest level 3 (the residual twice, the smoother), on
//       each coarser distributed level 3 (the restriction onto it, the residual, the
//       smoother), plus one gather of p - 1 planes of (p + 2)^2 doubles where the hierarchy
//       turns replicated; replicated levels exchange nothing (their halos wrap locally)
//   S = about 3 (lt - log2 p) supersteps, plus 2 reductions per norm
// The prediction adds up the exchanges and reductions the run made.
#include <bsp.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "machine_params.hpp"
#include "mg_class.hpp"
#include "multigrid.hpp"
#include "npb_common.hpp"
#include "options.hpp"
#include "report.hpp"
#include "spmd.hpp"

namespace {

const apps::AppInfo kApp = {
    "mg",
    "NAS Parallel Benchmarks MG (NPB 3.4): V-cycle multigrid on the class's periodic n^3 grid,\n"
    "cut into slabs in z; halos exchanged by bsp_hpput, one superstep per exchange; NPB's\n"
    "verification and Mop/s.",
    "",
    0,
    1,
    {},
    "p must be a power of two, at most n/2 (n: 32 in class S, 128 in W, 256 in A and B, 512\n"
    "in C). Check: the L2 norm of the final residual against the class's reference value,\n"
    "within a relative 1e-8 (NPB's verification). With --iterations I the timed part runs I\n"
    "times from u = 0; the best time gives Mop/s.",
    {{"class", "NPB problem class", {"S", "W", "A", "B", "C"}, "S"}},
    true};

struct Run {
  double norm = 0;
  double best_s = 0;
  double work_s = 0;  // the most local work of a process, per repetition
  apps::npb::CommTally tally;
};

void spmd(const apps::Options& o, Run& out) {
  apps::require_procs(kApp.name.c_str(), o.p);
  mg::Multigrid grid(mg::problem_class(o.choice("class")));
  grid.cycle();  // NPB's untimed start-up iteration
  const double work_before = grid.work_s();
  const apps::npb::CommTally tally_before = grid.tally();
  apps::SpmdTimer timer;
  double best = 1e300, norm = 0;
  for (int r = 0; r < o.iterations; ++r) {
    grid.reset();
    timer.start();
    norm = grid.solve();
    best = std::min(best, timer.stop());
  }
  const double work = bsp_maxD((grid.work_s() - work_before) / o.iterations);
  const apps::npb::CommTally tally = grid.tally().since(tally_before, o.iterations);
  grid.release();
  if (bsp_pid() == 0) out = Run{norm, best, work, tally};
}

}  // namespace

int main(int argc, char** argv) {
  const apps::Options o = apps::parse_options(kApp, argc, argv);
  const mg::ProblemClass& c = mg::problem_class(o.choice("class"));
  const int n = 1 << c.log2_n;
  if (!apps::is_power_of_two(o.p) || o.p > n / 2)
    apps::bad_argument(kApp, "p = " + std::to_string(o.p) + " is not a power of two from 1 to " +
                                 std::to_string(n / 2) + " (n/2 in class " + c.name + ")");
  const std::vector<apps::MachineParams> machine =
      apps::load_machine_params(kApp.name, o.params);

  Run run;
  if (!apps::run_spmd(o.p, [&] { spmd(o, run); })) return 0;

  const double error = std::fabs(run.norm - c.reference_norm) / c.reference_norm;
  const bool verified = error <= mg::kEpsilon;  // false for a NaN norm too
  apps::Report report(kApp, o);
  report.check(apps::format("L2 norm of the residual %.13e, reference %.13e, relative error "
                            "%.2e (bound %.0e)",
                            run.norm, c.reference_norm, error, mg::kEpsilon),
               verified);
  report.measured(run.best_s);
  apps::npb::report_prediction(report, machine, o.p, run.work_s, run.tally);
  const double points = std::pow(static_cast<double>(n), 3);
  const std::string size = std::to_string(n) + "x" + std::to_string(n) + "x" + std::to_string(n);
  apps::npb::print_summary({"MG", std::string(1, c.name), size, c.iterations, run.best_s,
                            58.0 * c.iterations * points / run.best_s / 1e6, o.p,
                            "floating point", verified});
  return report.finish();
}
