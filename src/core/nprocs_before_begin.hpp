// What bsp_nprocs() reports outside bsp_begin..bsp_end (paper §2.4: "the
// number of processors which are available"): under an MPI launcher the size
// of the job, else $BSP_NPROCS when set, else the processors this process may
// use (util/processors).
#pragma once

#include <optional>

namespace superstep {

int nprocs_before_begin();

// A BSP_NPROCS value: a whole number from 1 to INT_MAX, nothing else;
// nullopt for anything else.
std::optional<int> parse_nprocs(const char* text);

}  // namespace superstep
