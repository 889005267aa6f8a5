#include "sort_app.hpp"

#include <bsp.h>

#include <algorithm>
#include <string>
#include <vector>

#include "report.hpp"
#include "spmd.hpp"
#include "timing.hpp"

namespace apps {

int run_sort_app(const AppInfo& app, const Options& o, const std::function<void(SortRun&)>& spmd,
                 const SortCost& cost) {
  if (o.n > (1LL << 28)) bad_argument(app, "n larger than 2^28 is not supported");
  const std::vector<MachineParams> machine =
      load_machine_params(app.name, o.params);

  SortRun par;
  if (!run_spmd(o.p, [&] { spmd(par); })) return 0;

  std::vector<double> keys;
  const double seq_s = best_time(
      o.iterations, [&] { keys = generate_keys(o.seed, 0, o.n); },
      [&] { std::sort(keys.begin(), keys.end()); });

  Report report(app, o);
  report_sort(report, par.verdict, o.p);
  report.times(par.best_s, "std::sort on one process", seq_s);
  if (!machine.empty()) {
    const std::optional<MachineParams> params = params_for(machine, o.p);
    report.prediction(params, cost(par, params));
  }
  return report.finish();
}

}  // namespace apps
