/* Hybrid BSP + OpenMP: every BSP process runs OpenMP parallel regions inside the SPMD part. */
#include <bsp.h>
#include <omp.h>
#include <stdio.h>

#include "spmd_check.h"

int main(void) {
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
