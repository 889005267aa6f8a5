/* Racy on purpose (bspcheck's corpus): every process puts its pid into the
 * same bytes of process 0, whose value after the sync BSPlib leaves open
 * (Hill et al. 1998, §3, "buffering choices"). */
#include <bsp.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  int me = bsp_pid();
  int winner = -1;
  bsp_push_reg(&winner, sizeof winner); /* REGISTERED */
  bsp_sync();
  bsp_put(0, &me, &winner, 0, sizeof me); /* PUT */
  bsp_sync(); /* SYNC */
  if (me == 0) printf("the bytes hold %d\n", winner);
  bsp_pop_reg(&winner);
  bsp_end();
  return 0;
}
