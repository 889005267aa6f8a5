// Which engine runs this program: shared memory (in libbsp) or MPI (the
// plugin libbsp_mpi, loaded with dlopen so that libbsp never needs libmpi).
//
// BSP_ENGINE=shm|mpi forces a choice. Without it the MPI engine is chosen when
// the process was started by an MPI launcher (mpirun, mpiexec, srun, ...) or
// when the program handed Superstep a communicator (include/bsp_mpi.h).
#pragma once

#include "engines/engine.hpp"

namespace superstep {

// Starts the engine for bsp_begin(nprocs); returns in every process that
// takes part. Under MPI the processes that do not take part end here.
Engine* start_engine(int nprocs);

// bsp_init under MPI: every rank but 0 runs spmd_part right away (it calls
// bsp_begin) and ends when it returns. Does nothing on shared memory.
void on_bsp_init(void (*spmd_part)(void));

// bsp_nprocs() before bsp_begin under MPI: the number of MPI processes, or 0
// when the shared-memory engine is in use.
int mpi_processes_before_begin();

// Before a process started by an MPI launcher reports an error outside
// bsp_begin..bsp_end: every rank runs the code before bsp_begin, so every rank
// may find the same error. Ranks other than 0 wait a few seconds for rank 0's
// report to stop the job, and report it themselves only if that does not come.
void defer_report_to_rank_zero();

}  // namespace superstep
