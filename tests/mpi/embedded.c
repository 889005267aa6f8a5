/* Superstep inside an MPI program (include/bsp_mpi.h): MPI first, then a BSPlib part on a
 * communicator, then MPI again. The job's ranks are split into two halves and each half runs
 * its own BSP computation at the same time; afterwards plain MPI checks every result. Rank 0 of
 * MPI_COMM_WORLD prints PASS. */
#include <bsp_mpi.h>
#include <stdio.h>

#include "spmd_check.h"

int main(int argc, char *argv[]) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int half = size > 1 ? rank % 2 : 0;
  MPI_Comm comm;
  MPI_Comm_split(MPI_COMM_WORLD, half, rank, &comm);
  int comm_rank, comm_size;
  MPI_Comm_rank(comm, &comm_rank);
  MPI_Comm_size(comm, &comm_size);

  bsp_mpi_use_communicator(comm);
  CHECK_EQ(bsp_nprocs(), comm_size, "bsp_nprocs() before bsp_begin");
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  CHECK_EQ(pid, comm_rank, "bsp_pid() against the rank in the communicator");
  /* Every process puts (half + 1) * pid into slot pid of process 0's array. */
  int values[64] = {0};
  CHECK(p <= 64);
  bsp_push_reg(values, sizeof values);
  bsp_sync();
  int mine = (half + 1) * pid;
  bsp_put(0, &mine, values, pid * (int)sizeof(int), sizeof(int));
  bsp_sync();
  int total = 0;
  for (int q = 0; q < p; q++) total += values[q];
  bsp_end();

  /* Back to MPI: process 0 of each half reports its total to world rank 0. */
  int expected = (half + 1) * p * (p - 1) / 2;
  int ok = comm_rank != 0 || total == expected;
  int all_ok = 0;
  MPI_Reduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
  MPI_Comm_free(&comm);
  if (rank == 0) printf(all_ok ? "PASS\n" : "FAIL: a half computed a wrong total\n");
  MPI_Finalize();
  return 0;
}
