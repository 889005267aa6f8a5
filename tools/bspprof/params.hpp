// Machine parameters for the models, from a bspprobe result (docs/bspprobe.md)
// for the profile's p:
//   h read as max:  g = g_global.slope (the total exchange, h = max(in, out)),
//                   L = g_global.intercept
//   h read as sum:  g and L of formula 11 (patterns with h = in + out)
//   both:           l = l.median, the cost of an empty superstep
// Unless the h operator is given, the reading whose line fits this machine's
// measurements better (higher R^2) is taken, and the report says so. Where
// the result has no measurements at the profile's p, those at the nearest p
// measured are taken, and a note says so.
#pragma once

#include <optional>
#include <string>

#include "models.hpp"

namespace bspprof {

// Throws InputError with one line when the file is unreadable, not JSON (the
// line names the file, line and column), not a result of this bspprobe
// version, or has no measurements at all.
Params params_from_probe(const std::string& file, int p, std::optional<HOperator> op);

// The parameters from the file superstep::find_params_file finds (bsp_params.hpp): `given`
// (--params), BSP_PARAMS, the user's saved file, or the one the build measured, seen from the
// bin folder bspprof runs from. The first note names it and how it was found; nullopt when
// there is none.
std::optional<Params> found_params(const std::string& given, int p, std::optional<HOperator> op);

}  // namespace bspprof
