// One self-contained HTML page (inline SVG, no script, nothing fetched):
// a timeline with one lane per process (computing, waiting, moving data),
// supersteps aligned, as in Roda et al.'s (1999) Figure 1; the strata picture of bytes
// out and in per process per superstep (the Oxford toolset's bspprof); and
// predicted against measured time per superstep for each model.
#pragma once

#include <string>

#include "assessment.hpp"

namespace bspprof {

std::string render_html(const Assessment& a, const std::string& report_text);

}  // namespace bspprof
