/* Hybrid BSP + OpenMP (argv[1]): "inside": every BSP process runs an OpenMP parallel region
 * inside the SPMD part; "before": process 0 also ran one before bsp_begin, which leaves OpenMP's
 * worker threads alive there. The other BSP processes are forked and get none of them, so
 * OpenMP inside the SPMD part could never start there: the run must not hang. On the
 * shared-memory engine bsp_begin stops it with a message (p > 1); under MPI it works. */
#include <bsp.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "spmd_check.h"

int main(int argc, char *argv[]) {
  if (argc != 2) return 2;
  if (strcmp(argv[1], "before") == 0) {
    int before = 0;
#pragma omp parallel num_threads(2) reduction(+ : before)
    before += 1;
    if (before != 2) return 2;
  }
  bsp_begin(bsp_nprocs());
  int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
  sum += omp_get_thread_num() + 1;
  CHECK_EQ(sum, 3, "sum over two OpenMP threads");
  bsp_sync();
  bsp_end();
  printf("PASS\n");
  return 0;
}
