// The plot of a bspprobe result: time of one superstep against h, measured
// points (median, with the interquartile range as an error bar) and fitted
// lines g·h + L, each drawn only over the h it was fitted on and no lower
// than the smallest time it summarises (a least-squares line with a negative
// intercept would otherwise dive far below its points on a log axis).
#pragma once

#include <string>

#include "superstep_internal/json_text.hpp"
#include "probe_plot_data.hpp"

namespace bspprobe {

// One panel per p >= 2 with the five patterns of Roda, Rodríguez, Morales and
// Almeida (1999) at equal h = words in + out, and their least-squares fit over
// all patterns and p; then one panel with the shift to the next process and
// the total exchange at every p, h = max(words in, words out), as in the
// BSPlib paper (Hill et al. 1998). Only panels with data are laid out; each
// prints its g and L, and the last each p's l. Returns the SVG document.
std::string render_probe_plot(const ProbePlotData& data);

// The same for a result file's contents; throws nlohmann::json::exception.
std::string render_result_plot(const superstep::Json& result);

}  // namespace bspprobe
