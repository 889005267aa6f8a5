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
  SortVerdict verdict;
};

// The sort's BSP cost at o.p: its local work at `rate` seconds per key and comparison level
// (local_sort_rate) and, where bspprobe measured this p, its h-relations, messages and
// supersteps with params' g, o and l.
using SortCost = std::function<CostPrediction(double rate, const std::optional<MachineParams>&)>;

// The rate of the parallel sorts' kernel where it runs: std::sort of process 0's block of
// n/p keys, timed on one process (best of o.iterations), as seconds per key and comparison
// level. At the local size the keys fit caches the whole array may not, so this rate, not the
// sequential sort's, is the one the parallel program's local work runs at.
double local_sort_rate(const Options& o);

// Rejects n above 2^28 and an unusable --params file (exit status 2), runs spmd on o.p
// processes, and on pid 0 prints the report. Returns main's exit status.
int run_sort_app(const AppInfo& app, const Options& o, const std::function<void(SortRun&)>& spmd,
                 const SortCost& cost);

}  // namespace apps
