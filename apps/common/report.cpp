#include "report.hpp"

#include <cstdio>

namespace apps {


Report::Report(const AppInfo& app, const Options& o)
    : name_(app.name), params_file_(o.params), p_(o.p) {
  std::string choices;
  for (const ChoiceOption& c : o.choices) choices += c.name + " = " + c.value + ", ";
  if (app.fixed_input)
    std::printf("%s: %sp = %d, iterations = %d\n", name_.c_str(), choices.c_str(), o.p,
                o.iterations);
  else
    std::printf("%s: n = %lld, %sp = %d, seed = %llu, iterations = %d\n", name_.c_str(), o.n,
                choices.c_str(), o.p, o.seed, o.iterations);
}

void Report::check(const std::string& what, bool ok) {
  std::printf("check: %s: %s\n", what.c_str(), ok ? "PASS" : "FAIL");
  ok_ = ok_ && ok;
}

void Report::note(const std::string& line) { std::printf("%s\n", line.c_str()); }

void Report::times(double parallel_s, const std::string& baseline_name, double baseline_s) {
  parallel_s_ = parallel_s;
  std::printf("time: %.6f s at p = %d; %s %.6f s; speedup %.2f\n", parallel_s, p_,
              baseline_name.c_str(), baseline_s, baseline_s / parallel_s);
}

void Report::measured(double parallel_s) {
  parallel_s_ = parallel_s;
  std::printf("time: %.6f s at p = %d\n", parallel_s, p_);
}

void Report::baseline(const std::string& name, double seconds, const std::string& speedup_name) {
  std::printf("time: %s %.6f s; %s %.2f\n", name.c_str(), seconds, speedup_name.c_str(),
              seconds / parallel_s_);
}

void Report::prediction(const std::optional<MachineParams>& params, CostPrediction c) {
  if (params_file_.empty()) return;
  if (!params) {
    std::printf("predicted: none: %s has no parameters for p = %d (bspprobe --procs %d)\n",
                params_file_.c_str(), p_, p_);
    return;
  }
  // Oversubscribed, p processes share the processors: each one's work takes p / processors
  // times longer. (g and l measured at this p already include the sharing.)
  if (params->oversubscribed && params->processors > 0 && p_ > params->processors)
    c.compute_s *= static_cast<double>(p_) / params->processors;
  const double t = c.total();
  std::printf(
      "predicted: %.6f s = compute %.6f + h g %.6f + m o %.6f + %d l %.6f (bspprobe, p = %d%s); "
      "measured %.6f s; error %+.1f%%\n",
      t, c.compute_s, c.comm_s, c.message_s, c.supersteps, c.sync_s, p_,
      params->oversubscribed ? format(", oversubscribed: %d processors", params->processors).c_str()
                             : "",
      parallel_s_, 100.0 * (t - parallel_s_) / parallel_s_);
}

int Report::finish() {
  std::printf("result: %s\n", ok_ ? "PASS" : "FAIL");
  std::fflush(stdout);
  return ok_ ? 0 : 1;
}

}  // namespace apps
