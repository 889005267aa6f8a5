// The BSP half of bspprobe: timings of supersteps at one number of processes.
#pragma once

#include "plan.hpp"
#include "superstep_internal/json_text.hpp"

namespace bspprobe {

using superstep::Json;

// Called by every process between bsp_begin and bsp_end. Returns, on process
// 0, the raw timings (seconds per superstep; see raw_result_schema in
// analysis.hpp) and null on the other processes. Progress goes to stderr.
Json measure_supersteps(const Plan& plan, bool progress);

}  // namespace bspprobe
