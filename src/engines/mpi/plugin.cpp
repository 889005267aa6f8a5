// The entry points of libbsp_mpi: what libbsp finds with dlsym (engines/plugin_abi.hpp)
// and the public embedding hook of include/bsp_mpi.h.
#include <bsp_mpi.h>

#include <cstdio>
#include <cstdlib>

#include "engines/mpi/job_abort.hpp"
#include "engines/mpi/mpi_engine.hpp"
#include "engines/plugin_abi.hpp"

namespace superstep::mpi {
namespace {

struct MpiState {
  bool owns_mpi = false;          // Superstep called MPI_Init, so it calls MPI_Finalize
  bool embedded = false;          // the program gave a communicator
  MPI_Comm base = MPI_COMM_NULL;  // the processes Superstep may use
  // Of base, kept: bsp_nprocs() after bsp_end is asked when MPI is finalized.
  int rank = 0;
  int size = 1;
};

MpiState& state() {
  static MpiState s;
  return s;
}

// Every process finds the same error at start-up: rank 0 reports it.
[[noreturn]] void startup_error(const char* what, int a, int b) {
  char details[512];
  std::snprintf(details, sizeof details, what, a, b);
  char message[600];
  std::snprintf(message, sizeof message, "superstep: error in bsp_begin: %s", details);
  abort_job_collective(state().base, message);
}

// A program that asked bsp_nprocs() and never called bsp_begin leaves with
// MPI initialized by Superstep: finalize it, so that the launcher sees a
// proper end and the job ends with the program's own exit status. Not while
// an engine runs: a process that leaves inside bsp_begin..bsp_end is stopped
// by the core, and MPI_Finalize would wait for the others.
void finalize_at_exit() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized && !MpiEngine::running()) MPI_Finalize();
}

void describe_base(MpiState& s) {
  MPI_Comm_rank(s.base, &s.rank);
  MPI_Comm_size(s.base, &s.size);
}

MpiState& ready() {
  MpiState& s = state();
  if (s.base != MPI_COMM_NULL) return s;
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    MPI_Init(nullptr, nullptr);
    s.owns_mpi = true;
    std::atexit(finalize_at_exit);
  }
  s.base = MPI_COMM_WORLD;
  describe_base(s);
  return s;
}

int rank_in_base() { return ready().rank; }

int processes_in_base() { return ready().size; }

int agree_maxprocs(int maxprocs) {
  // With bsp_init only process 0 ran the prefix that computed it.
  MPI_Bcast(&maxprocs, 1, MPI_INT, 0, ready().base);
  return maxprocs;
}

void abort_job() {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized) MPI_Abort(MPI_COMM_WORLD, 1);
}

int embedded() { return state().embedded ? 1 : 0; }

superstep::Engine* start(int nprocs) {
  MpiState& s = ready();
  int rank = rank_in_base();
  int size = processes_in_base();
  // nprocs is process 0's already (agree_maxprocs).
  if (s.embedded && nprocs < size)
    startup_error(
        "maxprocs is %d but the communicator given to bsp_mpi_use_communicator has %d "
        "processes; give a communicator of exactly the processes that take part",
        nprocs, size);
  // Paper §2.2: bsp_begin(maxprocs) may start fewer processes than asked;
  // under MPI there are as many as the job has.
  int used = nprocs < size ? nprocs : size;
  MPI_Comm comm = MPI_COMM_NULL;
  MPI_Comm_split(s.base, rank < used ? 0 : MPI_UNDEFINED, rank, &comm);
  if (comm == MPI_COMM_NULL) {
    // Not among the first `used` ranks: this process takes no part.
    std::fflush(nullptr);
    if (s.owns_mpi) MPI_Finalize();
    std::exit(0);
  }
  return new MpiEngine(comm, s.owns_mpi, s.embedded);
}

}  // namespace
}  // namespace superstep::mpi

using namespace superstep::mpi;

extern "C" {

const superstep::EnginePlugin* superstep_engine_plugin() {
  static const superstep::EnginePlugin calls{superstep::kEnginePluginAbi,
                                             processes_in_base,
                                             rank_in_base,
                                             agree_maxprocs,
                                             abort_job,
                                             start,
                                             nullptr,
                                             embedded};
  return &calls;
}

void bsp_mpi_use_communicator(MPI_Comm comm) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized || comm == MPI_COMM_NULL) {
    std::fprintf(stderr,
                 "superstep: error in bsp_mpi_use_communicator: %s; call MPI_Init first and "
                 "pass a valid communicator\n",
                 initialized ? "the communicator is MPI_COMM_NULL" : "MPI is not initialized");
    std::exit(1);
  }
  MpiState& s = state();
  MPI_Comm_dup(comm, &s.base);
  describe_base(s);
  s.embedded = true;
}

}  // extern "C"
