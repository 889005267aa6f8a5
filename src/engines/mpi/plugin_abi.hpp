// The C entry points of the MPI engine plugin (libbsp_mpi) that libbsp looks
// up with dlsym. Both sides include this header, so the names and types agree.
#pragma once

namespace superstep {

// Initializes MPI if nobody did (or uses the communicator given through
// bsp_mpi_use_communicator) and returns the number of processes available.
using MpiProcessesFn = int (*)();
// This process's rank among them.
using MpiRankFn = int (*)();
// Whether the program gave Superstep a communicator (bsp_mpi_use_communicator).
using MpiEmbeddedFn = int (*)();
// Collective: process 0's maxprocs, for every process.
using MpiAgreeFn = int (*)(int maxprocs);
// Aborts the job if MPI is initialized and not finalized; else returns.
using MpiAbortFn = void (*)();
// Starts the engine for bsp_begin(nprocs): returns a superstep::Engine* in the
// processes that take part; the others end inside. On failure prints why and
// exits.
using MpiStartFn = void* (*)(int nprocs);

inline constexpr const char* kMpiProcessesSymbol = "superstep_mpi_processes";
inline constexpr const char* kMpiRankSymbol = "superstep_mpi_rank";
inline constexpr const char* kMpiEmbeddedSymbol = "superstep_mpi_embedded";
inline constexpr const char* kMpiAgreeSymbol = "superstep_mpi_agree_maxprocs";
inline constexpr const char* kMpiAbortSymbol = "superstep_mpi_abort";
inline constexpr const char* kMpiStartSymbol = "superstep_mpi_start";

}  // namespace superstep
