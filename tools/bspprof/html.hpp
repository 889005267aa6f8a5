// One self-contained HTML page (inline SVG, no script, nothing fetched) that
// reads without the papers: what the models are, warnings about the run, a
// timeline with one lane per process (computing, waiting, moving data) as in
// Figure 1 of Roda et al. (1999); the strata chart of bytes out and in per
// process per superstep (the Oxford BSP toolset's bspprof); predicted against
// measured time per superstep for each model; and the report as tables.
#pragma once

#include <string>

#include "assessment.hpp"

namespace bspprof {

std::string render_html(const Assessment& a);

}  // namespace bspprof
