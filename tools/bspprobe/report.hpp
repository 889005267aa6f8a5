// The terminal report of a bspprobe result: a table like the BSPlib paper's
// Table 1, the physical floors beside it, g per primitive, and the h-relation
// hypothesis check of Roda et al. (1999).
#pragma once

#include <string>

#include "superstep_internal/json_text.hpp"

namespace bspprobe {

using superstep::Json;

// The result must pass schema_problems(); throws Json::exception otherwise.
std::string format_report(const Json& result);

// One line saying that other programs kept the processors busy while the
// result was measured, and what to do; "" where the machine was quiet or the
// result does not say.
std::string busy_line(const Json& result);

}  // namespace bspprobe
