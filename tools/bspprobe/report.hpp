// The terminal report of a bspprobe result: a table like the BSPlib paper's
// Table 1, the physical floors beside it, g per primitive, and the h-relation
// hypothesis check of Roda et al. (1999).
#pragma once

#include <string>

#include "superstep_internal/json.hpp"

namespace bspprobe {

// The result must pass schema_problems(); throws toolkit::JsonError otherwise.
std::string format_report(const toolkit::Json& result);

}  // namespace bspprobe
