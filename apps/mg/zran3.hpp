// MG's right-hand side v (NPB's zran3): of the n^3 numbers of NPB's generator laid out over
// the grid (x fastest; the point with linear index i gets the (i+1)-th number after
// the starting value 314159265), the ten largest become +1, the ten smallest -1, every other point 0. Each process
// generates its planes and keeps its own ten largest and smallest; a level-1 gather of those
// candidates decides. Fills v's halos (one superstep when the level is distributed).
#pragma once

#include "level.hpp"
#include "npb_common.hpp"

namespace mg {

void zran3(const Level& top, double* v, apps::npb::CommTally& tally);

}  // namespace mg
