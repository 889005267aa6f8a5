// Checks that a JSON value has the layout of a bspprobe result (docs/bspprobe.md),
// so tools that read the file, and bspprobe --from, can refuse a bad one clearly.
#pragma once

#include <string>
#include <vector>

#include "superstep_internal/json_text.hpp"

namespace bspprobe {

using superstep::Json;

// Every problem found, one line each ("per_p[1].g_global.r2: expected a number");
// empty for a good result.
std::vector<std::string> schema_problems(const Json& result);

}  // namespace bspprobe
