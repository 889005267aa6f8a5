// Which engine runs this program: shared memory (in libbsp, the default), or
// an engine plugin libbsp_<name>.so, found by name and loaded with dlopen on
// first use (engines/plugins.hpp) so that libbsp never needs what a plugin
// needs (libmpi). This file names no engine but the default.
//
// BSP_ENGINE=name forces a choice. Without it a plugin engine is chosen when
// the program handed it the processes to run on (a plugin the program links,
// e.g. bsp_mpi_use_communicator of include/bsp_mpi.h), or when a launcher
// that an engine's folder declares started the process (mpirun for mpi:
// engines/launchers.hpp). Plugin engines run one process per job rank, each
// running the whole program, as under MPI; the calls below say "under MPI"
// for all of them.
//
// Errors found outside bsp_begin..bsp_end stop the program through a hook
// this file installs in core (set_outside_stop_hook, util/errors.hpp): under
// a launcher every rank runs the code before bsp_begin (and after bsp_init
// only rank 0 runs anything else there), so every rank that finds such an
// error finds the same one: rank 0 prints it at once and its exit ends the
// job; the others stay silent unless the job is still running a second later.
#pragma once

#include "engines/engine.hpp"

namespace superstep {

// Starts the engine for bsp_begin(nprocs); returns in every process that
// takes part. Under MPI the processes that do not take part end here.
Engine* start_engine(int nprocs);

// bsp_init under MPI: every rank but 0 runs spmd_part right away (it calls
// bsp_begin) and ends when it returns. Does nothing on shared memory.
void on_bsp_init(void (*spmd_part)(void));

// bsp_nprocs() before bsp_begin on a plugin engine (MPI's, udp's): the
// processes of the job, or 0 when the shared-memory engine is in use.
int job_processes_before_begin();

// bsp_begin(maxprocs): the maxprocs that counts. Under MPI it is process 0's,
// sent to every rank: after bsp_init only process 0 ran the sequential prefix
// that computed it, so the other ranks' argument means nothing (paper §2.2).
// Collective under MPI; on shared memory it returns `maxprocs`.
int agree_on_maxprocs(int maxprocs);

}  // namespace superstep
