// How the MPI engine ends a job on an error. Processes under MPI share no
// memory, so "print once, whoever is first" (the shared-memory engine's way)
// is not available; instead the kind of error decides who prints.
#pragma once

#include <mpi.h>

namespace superstep::mpi {

// An error this process found alone: print it now and abort the job.
[[noreturn]] void abort_job_local(MPI_Comm comm, const char* message);

// An error every process of `comm` found at the same point with the same
// message: the lowest rank prints it, and no process aborts before it has
// (an early MPI_Abort elsewhere could kill the lowest rank before it prints).
// Collective over `comm`.
[[noreturn]] void abort_job_collective(MPI_Comm comm, const char* message);

}  // namespace superstep::mpi
