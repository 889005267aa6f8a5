// The plot of a bspprobe result: superstep time against h, measured points
// (median, with the interquartile range as an error bar) and fitted lines.
#pragma once

#include <string>

#include "superstep_internal/json_text.hpp"

namespace bspprobe {

using superstep::Json;

// One panel per p >= 2 with the five patterns of formula 4 and the averaged
// fit of formula 11, then one panel with Table 1's local and global shifts
// for every p. Returns the SVG document.
std::string render_result_plot(const Json& result);

}  // namespace bspprobe
