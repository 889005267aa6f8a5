/* Racy on purpose (bspcheck's corpus): the source of a bsp_hpput changes
 * before the sync, so the bytes that arrive depend on when the transfer
 * reads them (Hill et al. 1998, §3.2, unbuffered transfers). */
#include <bsp.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  int me = bsp_pid(), p = bsp_nprocs();
  long value = 100 + me, arrived = -1;
  bsp_push_reg(&arrived, sizeof arrived);
  bsp_sync();
  bsp_hpput((me + 1) % p, &value, &arrived, 0, sizeof value); /* HPPUT */
  value = -1; /* CHANGED: before the sync */
  bsp_sync(); /* SYNC */
  if (me == 0) printf("process 0 received %ld\n", arrived);
  bsp_pop_reg(&arrived);
  bsp_end();
  return 0;
}
