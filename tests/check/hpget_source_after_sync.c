/* Portable: hpget_source_changed.c with process 0's write after the sync,
 * when every hpget of the value has landed (Hill et al. 1998, §3.2). Its
 * own hpput into the value during the superstep does not count either: puts
 * land at the sync, after the gets have read their sources. */
#include <bsp.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  int me = bsp_pid();
  long value = 100, arrived = -1, next = 7;
  bsp_push_reg(&value, sizeof value);
  bsp_sync();
  bsp_hpget(0, &value, 0, &arrived, sizeof arrived);
  if (me == 0) bsp_hpput(0, &next, &value, 0, sizeof next);
  bsp_sync();
  if (me == 0) value = -1; /* after the sync */
  printf("process %d received %ld\n", me, arrived);
  bsp_sync();
  bsp_pop_reg(&value);
  bsp_end();
  return 0;
}
