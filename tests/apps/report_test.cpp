// The apps' predicted: line: the error is (predicted - measured) / measured, the sign bspprof
// uses, so a model that predicts more time than the run took has a positive error.
#include "report.hpp"

#include <gtest/gtest.h>

#include <string>

namespace apps {
namespace {

std::string prediction_line(double measured_s, double compute_s) {
  AppInfo app{"app", "summary", "size", 16, 1, {}, ""};
  Options options;
  options.p = 2;
  options.params = "bspprobe.json";
  testing::internal::CaptureStdout();
  Report report(app, options);
  report.times(measured_s, "sequential", measured_s);
  MachineParams params;
  params.p = 2;
  params.processors = 2;
  CostPrediction cost;
  cost.compute_s = compute_s;
  report.prediction(params, cost);
  const std::string out = testing::internal::GetCapturedStdout();
  return out.substr(out.find("predicted:"));
}

TEST(Report, ErrorIsPredictedMinusMeasuredOverMeasured) {
  EXPECT_NE(prediction_line(1.0, 1.5).find("error +50.0%"), std::string::npos)
      << prediction_line(1.0, 1.5);
  EXPECT_NE(prediction_line(2.0, 1.0).find("error -50.0%"), std::string::npos)
      << prediction_line(2.0, 1.0);
}

}  // namespace
}  // namespace apps
