// The sections of bspprof's HTML page (html.cpp puts them together).
#pragma once

#include <string>

#include "assessment.hpp"

namespace bspprof {

// Lanes per process on a time axis: computing, waiting in bsp_sync, moving
// data; supersteps numbered and marked with their call sites.
std::string timeline_svg(const Profile& prof);

// Per superstep a column: bytes out stacked by process above the axis, bytes
// in below it, after the Oxford BSP toolset's bspprof.
std::string strata_svg(const Profile& prof);

// Measured time per superstep against each model's prediction.
std::string prediction_svg(const Assessment& a);

// The per-superstep table and the totals, as HTML tables.
std::string report_tables(const Assessment& a);

// A row per team (bsp_team_begin), then each team's report_tables under its own heading.
std::string teams_tables(const Assessment& a);

// Warnings about the run: incomplete, more processes than processors, a
// machine busy with other work. Empty when there is nothing to say.
std::string run_banners(const Profile& prof);

// What the page shows, what the models predict and what the error's sign means.
std::string intro_text(const Assessment& a);

}  // namespace bspprof
