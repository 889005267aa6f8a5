/* Racy on purpose (bspcheck's corpus): every process hpgets process 0's
 * value, and process 0 changes it during the same superstep, so the bytes
 * that arrive depend on when each transfer reads them (Hill et al. 1998,
 * §3.2, unbuffered transfers). Process 0's get of its own value counts too. */
#include <bsp.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  int me = bsp_pid();
  long value = 100, arrived = -1;
  bsp_push_reg(&value, sizeof value); /* REGISTERED */
  bsp_sync();
  bsp_hpget(0, &value, 0, &arrived, sizeof arrived); /* HPGET */
  if (me == 0) value = -1; /* CHANGED: during the superstep */
  bsp_sync(); /* SYNC */
  printf("process %d received %ld\n", me, arrived);
  bsp_pop_reg(&value);
  bsp_end();
  return 0;
}
