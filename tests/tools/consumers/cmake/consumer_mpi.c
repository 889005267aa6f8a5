/* Superstep inside an MPI program, built through find_package(Superstep) and the target
 * Superstep::bsp_mpi (built only: starting it needs an MPI launcher). */
#include <bsp_mpi.h>
#include <stdio.h>

int main(int argc, char *argv[]) {
  MPI_Init(&argc, &argv);
  bsp_mpi_use_communicator(MPI_COMM_WORLD);
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs();
  bsp_end();
  if (p < 1) printf("no processes\n");
  MPI_Finalize();
  return 0;
}
