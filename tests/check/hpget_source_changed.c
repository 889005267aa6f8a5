/* Racy on purpose (bspcheck's corpus): every process hpgets process 0's
 * value, and process 0 changes it during the same superstep, so the bytes
 * that arrive depend on when each transfer reads them (Hill et al. 1998,
 * §3.2, unbuffered transfers). Process 0's get of its own value counts too. */
#include <bsp.h>
#include <stdio.h>

enum { kMostProcs = 64 };

int main(void) {
  bsp_begin(bsp_nprocs());
  int me = bsp_pid(), p = bsp_nprocs();
  long value = 100, arrived = -1, all[kMostProcs] = {0};
  bsp_push_reg(&value, sizeof value); /* REGISTERED */
  bsp_push_reg(all, sizeof all);
  bsp_sync();
  bsp_hpget(0, &value, 0, &arrived, sizeof arrived); /* HPGET */
  if (me == 0) value = -1; /* CHANGED: during the superstep */
  bsp_sync(); /* SYNC */
  /* Process 0 prints what each received: one process's lines keep their order. */
  if (me < kMostProcs) bsp_put(0, &arrived, all, me * (int)sizeof arrived, sizeof arrived);
  bsp_sync();
  if (me == 0)
    for (int q = 0; q < p && q < kMostProcs; ++q) printf("process %d received %ld\n", q, all[q]);
  bsp_pop_reg(all);
  bsp_pop_reg(&value);
  bsp_end();
  return 0;
}
