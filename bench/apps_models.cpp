// apps_models: the timed region of an app (apps/common/spmd.hpp's SpmdTimer) in a bspprof
// report, measured and predicted by BSP, BSPWB and MPM. bench/apps.sh runs it on
//   bspprof report PROFILE --params bspprobe.json --json
// An iteration is the supersteps after one labelled "apps: timer start" up to and including
// the next labelled "apps: timer stop"; of the iterations, the one measured fastest is printed
// (the apps print the best iteration too), as one tab-separated line:
//   iterations  measured_s  bsp_s  bspwb_s  mpm_s
// With --split (bench/npb.sh), the fastest iteration's computation instead, which needs no
// parameters: the sum over its supersteps of W, the slowest process's computation; the rest of
// the measured time is communication and synchronisation:
//   iterations  measured_s  computation_s
// Exit status 1, with one line on stderr, when the report cannot be read, has no predictions
// (no parameters, without --split) or no timed iteration; 2 for a bad command line.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "superstep_internal/json_text.hpp"

namespace {

constexpr const char* kStart = "apps: timer start";
constexpr const char* kStop = "apps: timer stop";

struct Sums {
  double measured = 0, bsp = 0, bspwb = 0, mpm = 0, work = 0;
};

[[noreturn]] void fail(const std::string& why) {
  std::fprintf(stderr, "apps_models: %s\n", why.c_str());
  std::exit(1);
}

}  // namespace

int main(int argc, char** argv) {
  const bool split = argc == 3 && std::string(argv[1]) == "--split";
  const bool help = argc == 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h");
  if (help || (argc != 2 && !split)) {
    std::fputs(
        "usage: apps_models [--split] REPORT.json\n"
        "  (REPORT.json: bspprof report PROFILE --params P.json --json; --params optional with\n"
        "  --split)\n"
        "prints: iterations, then measured, BSP, BSPWB and MPM seconds of the fastest timed\n"
        "iteration (the supersteps after 'apps: timer start' up to 'apps: timer stop'); with\n"
        "--split, iterations, measured seconds and computation seconds (the sum of W)\n",
        help ? stdout : stderr);
    return help ? 0 : 2;
  }
  const char* file = argv[argc - 1];
  int iterations = 0;
  Sums best, current;
  try {
    const superstep::Json root = superstep::read_json_file(file);
    if (!root.is_object() || root.value("schema", "") != "superstep-bspprof-report/1")
      fail(std::string(file) + " is not a bspprof report (superstep-bspprof-report/1)");
    if (!split && root.at("params").is_null())
      fail(std::string(file) + " has no predictions: give bspprof --params");
    bool timing = false;
    for (const superstep::Json& step : root.at("steps")) {
      const std::string label = step.at("label").get<std::string>();
      if (timing) {
        current.measured += step.at("measured").get<double>();
        if (split) {
          current.work += step.at("W").get<double>();
        } else {
          current.bsp += step.at("bsp").get<double>();
          current.bspwb += step.at("bspwb").get<double>();
          current.mpm += step.at("mpm").get<double>();
        }
      }
      if (label == kStart) {
        timing = true;
        current = Sums{};
      } else if (label == kStop && timing) {
        timing = false;
        if (iterations++ == 0 || current.measured < best.measured) best = current;
      }
    }
  } catch (const superstep::JsonSyntaxError& e) {
    fail(e.what());
  } catch (const std::exception& e) {  // cannot read it, or a member missing or of another type
    fail(std::string(file) + ": " + superstep::json_error_text(e));
  }
  if (iterations == 0) fail(std::string(file) + " has no superstep labelled '" + kStop + "'");
  if (split)
    std::printf("%d\t%.9f\t%.9f\n", iterations, best.measured, best.work);
  else
    std::printf("%d\t%.9f\t%.9f\t%.9f\t%.9f\n", iterations, best.measured, best.bsp, best.bspwb,
                best.mpm);
  return 0;
}
