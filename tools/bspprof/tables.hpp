// bspprof report: the table per superstep and the summary, as text for a
// person or as JSON for a program (docs/bspprof.md).
#pragma once

#include <cstddef>
#include <string>

#include "assessment.hpp"

namespace bspprof {

// At most max_rows supersteps in the table (0: all).
std::string report_text(const Assessment& a, std::size_t max_rows);
std::string report_json(const Assessment& a);

// "file.c:12" or "file.c:12 [label]", for tables and flags.
std::string where(const ProcessStep& p);

}  // namespace bspprof
