// The entry points of libbsp_mpi: what libbsp finds with dlsym (plugin_abi.hpp)
// and the public embedding hook of include/bsp_mpi.h.
#include <bsp_mpi.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "engines/mpi/mpi_engine.hpp"
#include "engines/mpi/plugin_abi.hpp"

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

// Every process finds the same error: process 0 reports it and stops the job.
[[noreturn]] void startup_error(int rank, const char* what, int a, int b) {
  std::fflush(stdout);
  if (rank == 0) {
    std::fprintf(stderr, "superstep: error in bsp_begin: ");
    std::fprintf(stderr, what, a, b);
    std::fprintf(stderr, "\n");
    std::fflush(stderr);
  } else {
    sleep(10);  // process 0 stops this one before
  }
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Abort(state().base != MPI_COMM_NULL ? state().base : MPI_COMM_WORLD, 1);
  std::exit(1);
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
  }
  s.base = MPI_COMM_WORLD;
  describe_base(s);
  return s;
}

int rank_in_base() { return ready().rank; }

int processes_in_base() { return ready().size; }

}  // namespace
}  // namespace superstep::mpi

using namespace superstep::mpi;

extern "C" {

int superstep_mpi_processes() { return processes_in_base(); }

int superstep_mpi_rank() { return rank_in_base(); }

int superstep_mpi_embedded() { return state().embedded ? 1 : 0; }

void* superstep_mpi_start(int nprocs) {
  MpiState& s = ready();
  int rank = rank_in_base();
  int size = processes_in_base();
  // With bsp_init only process 0 read the input, so its maxprocs counts.
  MPI_Bcast(&nprocs, 1, MPI_INT, 0, s.base);
  if (s.embedded && nprocs < size)
    startup_error(rank,
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
  return static_cast<superstep::Engine*>(new MpiEngine(comm, s.owns_mpi, s.embedded));
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
