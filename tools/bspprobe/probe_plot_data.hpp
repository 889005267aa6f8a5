// What bspprobe's plot shows, read out of a result (docs/bspprobe.md) into
// plain values, so that the drawing (probe_plot.hpp) needs no JSON.
#pragma once

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "superstep_internal/json_text.hpp"

namespace bspprobe {

using superstep::Json;

// Measured times of one pattern at one p, and the straight line fitted to them.
struct FittedCurve {
  std::string name;  // spelled out: "one to all (OA)", "total exchange"
  struct Point {
    double h = 0;                       // words
    double median = 0, q1 = 0, q3 = 0;  // seconds
  };
  std::vector<Point> points;
  double g = NAN;          // slope, seconds per word; NaN when not fitted
  double intercept = NAN;  // seconds
};

struct PatternsAtP {
  int p = 0;
  bool oversubscribed = false;
  std::vector<FittedCurve> patterns;  // the five of Roda et al., h = in + out
};

// The BSPlib paper's Table 1 at one p: h = max(words in, words out).
struct ShiftsAtP {
  int p = 0;
  std::optional<FittedCurve> shift;     // to the next process
  std::optional<FittedCurve> exchange;  // total exchange (p >= 2)
  double l = NAN;                       // seconds of an empty superstep
};

struct ProbePlotData {
  std::string machine, date;
  int processors = 0;
  std::vector<PatternsAtP> patterns;        // p >= 2
  std::vector<ShiftsAtP> shifts;            // every p
  double average_g = NAN, average_L = NAN;  // the fit over all patterns and p; NaN: none
};

// Throws nlohmann::json::exception when the result lacks what the plot needs.
ProbePlotData plot_data(const Json& result);

}  // namespace bspprobe
