#include "engines/mpi/job_abort.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace superstep::mpi {

namespace {
[[noreturn]] void abort_now(MPI_Comm comm) {
  MPI_Abort(comm != MPI_COMM_NULL ? comm : MPI_COMM_WORLD, 1);
  std::_Exit(1);  // MPI_Abort does not return; this is for the compiler
}

void print(const char* message) {
  std::fprintf(stderr, "%s\n", message);
  std::fflush(stderr);
}
}  // namespace

void abort_job_local(MPI_Comm comm, const char* message) {
  std::fflush(stdout);
  print(message);
  abort_now(comm);
}

void abort_job_collective(MPI_Comm comm, const char* message) {
  std::fflush(stdout);
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0) print(message);
  MPI_Barrier(comm);
  if (rank == 0) abort_now(comm);
  // One MPI_Abort is enough: several at once make Open MPI's event loop
  // complain on stderr. Rank 0's stops this process in milliseconds.
  for (int waited_ms = 0; waited_ms < 2000; waited_ms += 10) usleep(10 * 1000);
  abort_now(comm);
}

}  // namespace superstep::mpi
