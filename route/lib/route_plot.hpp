// bsproute's pictures (SVG through toolkit's chart writer).
#pragma once

#include <string>
#include <vector>

#include "efficiency.hpp"
#include "laws.hpp"

namespace bsproute {

// Two panels: routing steps r and busiest-node packets d against h, one
// colour per n, the simulated means with their spread, the fitted law (solid)
// and Juurlink and Wijshoff's (1993) law (dashed, hypercube only).
std::string grid_svg(const GridResult& result);

// Figures 4 and 5 of Juurlink and Wijshoff (1993): C/t_m against N for each E.
std::string efficiency_svg(const std::vector<EfficiencyCurve>& dma,
                           const std::vector<EfficiencyCurve>& crossbar);

}  // namespace bsproute
