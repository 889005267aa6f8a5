/* Portable: hpget_source_changed.c with process 0's write after the sync,
 * when every hpget of the value has landed (Hill et al. 1998, §3.2). Its
 * own hpput into the value during the superstep does not count either: puts
 * land at the sync, after the gets have read their sources. */
#include <bsp.h>
#include <stdio.h>

enum { kMostProcs = 64 };

int main(void) {
  bsp_begin(bsp_nprocs());
  int me = bsp_pid(), p = bsp_nprocs();
  long value = 100, arrived = -1, next = 7, all[kMostProcs] = {0};
  bsp_push_reg(&value, sizeof value);
  bsp_push_reg(all, sizeof all);
  bsp_sync();
  bsp_hpget(0, &value, 0, &arrived, sizeof arrived);
  if (me == 0) bsp_hpput(0, &next, &value, 0, sizeof next);
  bsp_sync();
  if (me == 0) value = -1; /* after the sync */
  if (me < kMostProcs) bsp_put(0, &arrived, all, me * (int)sizeof arrived, sizeof arrived);
  bsp_sync();
  if (me == 0)
    for (int q = 0; q < p && q < kMostProcs; ++q) printf("process %d received %ld\n", q, all[q]);
  bsp_pop_reg(all);
  bsp_pop_reg(&value);
  bsp_end();
  return 0;
}
