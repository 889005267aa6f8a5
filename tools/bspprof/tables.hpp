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

// bspprof predict without a network: the BSP model's time for each superstep
// on this machine, with the parameters measured here, beside the measured
// one, in human units, naming the machine.
std::string predict_here(const Assessment& a, const Params& par, std::size_t max_rows);

// "file.c:12" or "file.c:12 [label]", for tables and flags.
std::string where(const ProcessStep& p);

// A call site as where() writes it, in at most `width` characters, cut in the
// middle with `ellipsis`: first the folders ("src/.../file.c:12 [label]"),
// then the label ("file.c:12 [ap...rt]"), so that the file's name and line
// stay whole wherever they fit. UTF-8 characters are never split.
std::string cut_site(const std::string& site, std::size_t width,
                     const std::string& ellipsis = "...");

// `text` with spaces before it to fill `width` characters (UTF-8: "µs" is two).
std::string right_aligned(const std::string& text, std::size_t width);

}  // namespace bspprof
