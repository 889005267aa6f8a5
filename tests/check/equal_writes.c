/* Portable: every process puts the same value into the same bytes of
 * process 0 in one superstep, so the order they land in cannot matter.
 * Check mode must not report the overlap. */
#include <bsp.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  int flag = 0, one = 1;
  bsp_push_reg(&flag, sizeof flag);
  bsp_sync();
  bsp_put(0, &one, &flag, 0, sizeof one);
  bsp_sync();
  if (bsp_pid() == 0) printf("flag %d\n", flag);
  bsp_pop_reg(&flag);
  bsp_end();
  return 0;
}
