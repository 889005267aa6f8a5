// MG's communication: the periodic halos of a level (NPB's comm3), one superstep of puts per
// exchange on a distributed level, and the gather of a replicated level's planes.
#pragma once

#include "level.hpp"
#include "npb_common.hpp"

namespace mg {

// Fills the halos of x (L.u, L.r or the registered right-hand side of level L): x and y wrap
// around locally; in z, a distributed level puts its first plane to the lower neighbour's upper
// halo and its last to the upper neighbour's lower halo (bsp_hpput, one superstep); a replicated
// level wraps locally.
void exchange_halos(const Level& L, double* x, apps::npb::CommTally& tally);

// For a replicated level whose planes z_lo .. z_hi this process computed: puts them to every
// other process (one superstep), then fills the halos locally.
void gather_planes(const Level& L, double* x, int z_lo, int z_hi, apps::npb::CommTally& tally);

}  // namespace mg
