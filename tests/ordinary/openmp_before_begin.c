/* An OpenMP parallel region in process 0 before bsp_begin leaves OpenMP's worker threads
 * alive; the other BSP processes are forked and get none of them, so OpenMP inside the SPMD
 * part could never start there. The run must not hang: it works, or bsp_begin stops it with a
 * message saying what to do. */
#include <bsp.h>
#include <omp.h>
#include <stdio.h>

#include "spmd_check.h"

int main(void) {
  int before = 0;
#pragma omp parallel num_threads(2) reduction(+ : before)
  before += 1;
  if (before != 2) return 2;
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
