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

// Under bsprun (run_notes.hpp): BSP_NPROCS, the most processes bsp_begin
// starts, on every engine; else nothing.
std::optional<int> launcher_nprocs_cap();

// Notes for bsprun that bsp_begin was called (run_notes.hpp).
void note_begin_called();

// In process 0 once the engine has started: says in one line when bsprun's
// -n held bsp_begin to fewer processes than it asked for.
void note_processes(int asked, int got);

}  // namespace superstep
