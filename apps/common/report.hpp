// What every app prints (from pid 0, after bsp_end), in the same shape:
//
//   fft: n = 65536, p = 4, seed = 1, iterations = 3
//   check: relative L2 error against a direct DFT 3.1e-16 (bound 1e-12): PASS
//   time: 0.0031 s (best of 3); sequential radix-2 0.0090 s; speedup 2.90
//   predicted: 0.0028 s = compute 0.0023 + h g 0.0004 + m o 0.0001 + 2 l 0.0000 (bspprobe, p = 4);
//   measured 0.0031 s; error +9.7% result: PASS
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "superstep_internal/text_format.hpp"

#include "machine_params.hpp"
#include "options.hpp"

namespace apps {

class Report {
 public:
  Report(const AppInfo& app, const Options& options);

  // A result check; the run passes when every check does.
  void check(const std::string& what, bool ok);
  // An informative line (imbalance, error figures) that is no pass/fail check.
  void note(const std::string& line);
  // The parallel time and the sequential baselines it is compared with.
  void times(double parallel_s, const std::string& baseline_name, double baseline_s);
  void baseline(const std::string& name, double seconds, const std::string& speedup_name);
  // The parallel time alone, for the apps that have no sequential program to compare with.
  void measured(double parallel_s);
  // The prediction at this p, when --params was given; params is the machine at this p, if
  // bspprobe measured it.
  // Oversubscribed (p above bspprobe's processors), the work term is scaled by p / processors.
  // The error is (predicted - measured) / measured, as bspprof's: positive when the model
  // predicts more time than the run took.
  void prediction(const std::optional<MachineParams>& params, CostPrediction cost);

  // Prints the result line; returns the exit status (0 when every check passed, 1 otherwise).
  int finish();

 private:
  std::string name_;
  std::string params_file_;
  int p_;
  double parallel_s_ = 0;
  bool ok_ = true;
};

// printf into a std::string (the library's, through superstep_internal).
using superstep::format;

}  // namespace apps
