/* Prints what bsp_nprocs() reports before bsp_begin, then how many processes
 * bsp_begin(bsp_nprocs()) started. */
#include <bsp.h>
#include <stdio.h>

int main(void) {
  int before = bsp_nprocs();
  bsp_begin(before);
  if (bsp_pid() == 0) printf("before bsp_begin %d, processes %d\n", before, bsp_nprocs());
  bsp_end();
  return 0;
}
