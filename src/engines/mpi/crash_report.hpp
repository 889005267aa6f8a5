// A rank that crashes inside bsp_begin..bsp_end (SIGSEGV, SIGBUS, SIGFPE,
// SIGILL, SIGABRT) prints Superstep's message, naming the process, the signal
// and the superstep, before it dies of the signal and the launcher ends the
// job. On shared memory the supervising process reports this; under MPI no
// other process learns who died or why, so the dying one has to say it.
// (SIGKILL cannot be caught: then only mpirun's notice names the rank.)
#pragma once

#include <cstdint>

namespace superstep::mpi {

// Installs the handlers (after MPI_Init, so that they replace Open MPI's
// backtrace printer) for process `pid`.
void install_crash_report(int pid);
// The superstep a crash report names from now on.
void note_crash_superstep(std::uint64_t superstep);
// After bsp_end: the handlers from before install_crash_report again.
void remove_crash_report();

}  // namespace superstep::mpi
