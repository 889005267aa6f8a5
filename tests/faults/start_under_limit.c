/* Starts bsp_nprocs() processes (BSP_NPROCS), makes one superstep, and prints
 * PASS on process 0: what tests/faults/resource_limit.sh runs under a limit on
 * processes that refuses some of them. */
#include <bsp.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  bsp_sync();
  if (bsp_pid() == 0) printf("PASS\n");
  bsp_end();
  return 0;
}
