/* How many MPI calls a small superstep costs on the MPI engine: this program defines
 * MPI_Isend and MPI_Allreduce (Open MPI's profiling interface forwards them to PMPI_*), so
 * the engine's calls come through here and are counted. Empty supersteps and small
 * collectives by messages must need neither: their flags and streams travel inside the one
 * MPI_Alltoall of the exchange. A stream larger than that block still goes point to point. */
#include <bsp.h>
#include <bsp_level1.h>
#include <mpi.h>
#include <stdio.h>

#include "spmd_check.h"

static long isends, allreduces;

int MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
              MPI_Request *request) {
  ++isends;
  return PMPI_Isend(buf, count, type, dest, tag, comm, request);
}

int MPI_Allreduce(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm) {
  ++allreduces;
  return PMPI_Allreduce(in, out, count, type, op, comm);
}

static void add(void *acc, const void *in, int count, void *arg) {
  (void)arg;
  for (int i = 0; i < count; ++i) ((int *)acc)[i] += ((const int *)in)[i];
}

int main(void) {
  bsp_begin(bsp_nprocs());
  const int p = bsp_nprocs(), me = bsp_pid();
  static char big[4096];
  bsp_push_reg(big, sizeof big);
  bsp_sync();
  bsp_collective_force(BSP_COLLECTIVE_MESSAGES);
  const long isends_before = isends, allreduces_before = allreduces;
  for (int i = 0; i < 10; ++i) {
    int x = me + i, sum = -1;
    bsp_allreduce(&x, &sum, 1, sizeof x, add, NULL);
    CHECK_EQ(sum, p * (p - 1) / 2 + p * i, "allreduce result");
    bsp_sync();
  }
  CHECK_EQ(isends - isends_before, 0, "MPI_Isend calls in small supersteps");
  CHECK_EQ(allreduces - allreduces_before, 0, "MPI_Allreduce calls in small supersteps");
  /* 4 KiB to the next process: more than fits in a block. */
  big[0] = (char)me;
  bsp_put((me + 1) % p, big, big, 0, sizeof big);
  bsp_sync();
  CHECK_EQ(big[0], (char)((me + p - 1) % p), "the large put");
  if (p > 1) CHECK(isends > isends_before);
  bsp_pop_reg(big);
  bsp_end();
  printf("PASS\n");
  return 0;
}
