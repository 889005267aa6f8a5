// lu: the NAS Parallel Benchmarks' LU pseudo-application (NPB 3.4 LU) in BSPlib.
//
// NPB's problem: five coupled nonlinear PDEs (the compressible Navier-Stokes equations with
// an exact solution NPB prescribes, and the forcing term it implies) on the class's n^3 grid,
// solved by symmetric successive over-relaxation (SSOR): each time step a lower and an upper
// triangular block solve, as wavefronts over a 2-D process grid (solver.hpp). After one
// untimed time step, u is reset and the timed part runs the class's itmax steps. Verification
// is NPB's: the RMS norms of the final residual and of the error against the exact solution
// (five each) and the surface integral, each within a relative 10^-8 of the class's values.
// Mop/s is NPB's operation count (lu_class.hpp) / time / 10^6.
//
// BSP cost of one time step, with n^3 points, an xdim x ydim process grid (p = xdim ydim),
// blocks of n/xdim x n/ydim x n points, and a pipeline of P = n - 2 + xdim + ydim - 2 stages
// per sweep:
//   W = O(n^3 / p) for the residual and updates, plus 2 P stages of one plane of the block
//       (O(n^2 / p)) for the sweeps: the pipeline's fill and drain add (xdim + ydim - 2) / n
//   h = per stage of a sweep, a row and a column of the block: 10 (n/xdim + n/ydim) words in
//       n/xdim + n/ydim puts of five doubles (the "many small messages" of LU); per residual,
//       2 points deep of the block's faces: 40 n (n/xdim + n/ydim) words
//   S = 2 (P - 1) + 1 supersteps, plus 2 reductions of the norms at the last step
// The prediction takes W as the slowest process's work outside the sweeps plus its sweep work
// scaled by P / (n - 2) (the stages in which it waits for the pipeline), and h, the number of
// puts and S as the run counted them, with bspprobe's g, o and l at that p.
#include <bsp.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "lu_class.hpp"
#include "machine_params.hpp"
#include "npb_common.hpp"
#include "options.hpp"
#include "report.hpp"
#include "solver.hpp"
#include "spmd.hpp"
#include "subdomain.hpp"

namespace {

const apps::AppInfo kApp = {
    "lu",
    "NAS Parallel Benchmarks LU (NPB 3.4): SSOR on the class's n^3 grid, the triangular solves\n"
    "as wavefronts over a 2-D process grid, one superstep per pipeline stage with one bsp_put\n"
    "per boundary point; NPB's verification and Mop/s.",
    "",
    0,
    1,
    {},
    "p must factor as xdim x ydim with ydim <= xdim <= 2 ydim (NPB LU's process grid: 1, 2, 4,\n"
    "6, 8, 9, 12, 16, ...), with at least 3 points per process in i and j (n: 12 in class S,\n"
    "33 in W, 64 in A, 102 in B, 162 in C). Checks: the RMS norms of the residual and of the\n"
    "error (five each) and the surface integral, each within a relative 1e-8 of the class's\n"
    "reference value (NPB's verification). With --iterations I the timed part runs I times from\n"
    "the initial values; the best time gives Mop/s.",
    {{"class", "NPB problem class", {"S", "W", "A", "B", "C"}, "S"}},
    true};

struct Run {
  std::array<double, 5> residual{}, error{};
  double surface = 0;
  double best_s = 0;
  double work_s = 0;  // the prediction's W, per repetition
  apps::npb::CommTally tally;
};

void spmd(const apps::Options& o, const lu::ProcessGrid& grid, Run& out) {
  apps::require_procs(kApp.name.c_str(), o.p);
  const lu::ProblemClass& c = lu::problem_class(o.choice("class"));
  lu::Solver solver(c, grid);
  solver.reset();  // NPB's untimed time step, then the reset
  solver.prepare();
  solver.iterate(1);
  const double work_before = solver.work_s(), sweep_before = solver.sweep_work_s();
  const apps::npb::CommTally tally_before = solver.tally();
  apps::SpmdTimer timer;
  double best = 1e300;
  for (int r = 0; r < o.iterations; ++r) {
    solver.reset();
    solver.prepare();
    timer.start();
    solver.iterate(c.iterations);
    best = std::min(best, timer.stop());
  }
  // W: the slowest process outside the sweeps, and inside them stretched to the pipeline's
  // length (a process works in n - 2 of its stages). The untimed reset and first residual of
  // each repetition are in both counts; they are small beside itmax steps.
  const double other = bsp_maxD((solver.work_s() - work_before) / o.iterations);
  const double sweeps = bsp_maxD((solver.sweep_work_s() - sweep_before) / o.iterations);
  const double work = other + sweeps * solver.stages() / solver.planes();
  const apps::npb::CommTally tally = solver.tally().since(tally_before, o.iterations);
  const std::array<double, 5> error = solver.error_norms();
  const double surface = solver.surface_integral();
  solver.release();
  if (bsp_pid() == 0) out = Run{solver.residual_norms(), error, surface, best, work, tally};
}

// The largest relative difference from the reference values, and whether all are within
// NPB's epsilon (false for a NaN too).
bool within(const std::array<double, 5>& x, const std::array<double, 5>& ref, double& worst) {
  bool ok = true;
  worst = 0;
  for (int m = 0; m < 5; ++m) {
    const double e = std::fabs((x[m] - ref[m]) / ref[m]);
    ok = ok && e <= lu::kEpsilon;
    worst = std::isnan(e) ? e : std::max(worst, e);
  }
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  const apps::Options o = apps::parse_options(kApp, argc, argv);
  const lu::ProblemClass& c = lu::problem_class(o.choice("class"));
  const std::optional<lu::ProcessGrid> grid = lu::process_grid(o.p);
  if (!grid)
    apps::bad_argument(kApp, "p = " + std::to_string(o.p) +
                                 " is not xdim x ydim with ydim <= xdim <= 2 ydim (NPB LU's "
                                 "process grid)");
  if (lu::smallest_block(c.n, *grid) < 3)
    apps::bad_argument(kApp, "p = " + std::to_string(o.p) + " (a " + std::to_string(grid->xdim) +
                                 " x " + std::to_string(grid->ydim) +
                                 " process grid) leaves fewer than 3 of class " + c.name + "'s " +
                                 std::to_string(c.n) + " points per process in i or j");
  const std::vector<apps::MachineParams> machine = apps::load_machine_params(kApp.name, o.params);

  Run run;
  if (!apps::run_spmd(o.p, [&] { spmd(o, *grid, run); })) return 0;

  apps::Report report(kApp, o);
  report.note(apps::format("process grid: %d x %d", grid->xdim, grid->ydim));
  double worst = 0;
  const bool residual_ok = within(run.residual, c.residual, worst);
  report.check(apps::format("RMS norms of the residual, largest relative error %.2e (bound %.0e)",
                            worst, lu::kEpsilon),
               residual_ok);
  const bool error_ok = within(run.error, c.error, worst);
  report.check(apps::format("RMS norms of the error, largest relative error %.2e (bound %.0e)",
                            worst, lu::kEpsilon),
               error_ok);
  const double surface_error = std::fabs((run.surface - c.surface_integral) / c.surface_integral);
  const bool surface_ok = surface_error <= lu::kEpsilon;
  report.check(apps::format("surface integral %.13e, reference %.13e, relative error %.2e "
                            "(bound %.0e)",
                            run.surface, c.surface_integral, surface_error, lu::kEpsilon),
               surface_ok);
  report.note(apps::format(
      "communication per time step (process 0's, timed part): %.1f supersteps, %.0f puts of %.0f "
      "words",
      static_cast<double>(run.tally.supersteps + run.tally.collective_supersteps) / c.iterations,
      run.tally.put_messages / c.iterations, run.tally.put_words / c.iterations));
  report.measured(run.best_s);
  apps::npb::report_prediction(report, machine, o.p, run.work_s, run.tally);
  const std::string n = std::to_string(c.n);
  apps::npb::print_summary({"LU", std::string(1, c.name), n + "x" + n + "x" + n, c.iterations,
                            run.best_s, lu::operations(c.n, c.iterations) / run.best_s / 1e6, o.p,
                            "floating point", residual_ok && error_ok && surface_ok});
  return report.finish();
}
