// The main of the parallel sorts (sample_sort, psrs), after their own argument checks: the
// run at p, the sequential baseline (std::sort of the same keys on one process), the checks
// and times, and the BSP prediction from the sort's own cost terms.
#pragma once

#include <functional>
#include <optional>

#include "machine_params.hpp"
#include "options.hpp"
#include "sort_check.hpp"

namespace apps {

// What one parallel sort's SPMD part hands back to pid 0.
struct SortRun {
  double best_s = 0;  // the best timed iteration
  double work_s = 0;  // the local phases' work, timed where they run (apps::LocalWork)
  SortVerdict verdict;
};

// The sort's BSP cost at o.p: its local work as the run measured it (run.work_s) and, where
// bspprobe measured this p, its h-relations, messages and supersteps with params' g, o and l.
using SortCost =
    std::function<CostPrediction(const SortRun& run, const std::optional<MachineParams>&)>;

// Rejects n above 2^28 and an unusable --params file (exit status 2), runs spmd on o.p
// processes, and on pid 0 prints the report. Returns main's exit status.
int run_sort_app(const AppInfo& app, const Options& o, const std::function<void(SortRun&)>& spmd,
                 const SortCost& cost);

}  // namespace apps
