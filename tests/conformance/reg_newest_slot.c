/* Registration is a sequence of slots, matched across processes by position (§3.1):
 * DRMA on address x uses the newest slot holding x on the calling process, and lands in
 * whatever the remote process registered in that slot; bsp_pop_reg removes that slot at the
 * next sync, after which the older slot holding x is used again. */
#include <stdio.h>

#include "spmd_check.h"

static int x, y;

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), target = (pid + 1) % p, source = (pid + p - 1) % p;

  bsp_push_reg(&x, sizeof x); /* slot 0: x everywhere */
  bsp_sync();
  /* slot 1: x on even processes, y on odd ones */
  bsp_push_reg(pid % 2 == 0 ? (void *)&x : (void *)&y, sizeof(int));
  bsp_sync();

  x = y = -1;
  int value = 100 + pid;
  bsp_put(target, &value, &x, 0, sizeof value);
  bsp_sync();
  /* The source put into x. On an even source the newest slot holding x is slot 1, which
   * is y on an odd process; on an odd source it is slot 0, which is x everywhere. */
  int lands_in_y = source % 2 == 0 && pid % 2 == 1;
  CHECK_EQ(lands_in_y ? y : x, 100 + source, "the put's destination");
  CHECK_EQ(lands_in_y ? x : y, -1, "the other variable");

  bsp_pop_reg(pid % 2 == 0 ? (void *)&x : (void *)&y); /* removes slot 1 everywhere */
  bsp_sync();
  x = y = -1;
  value = 200 + pid;
  bsp_put(target, &value, &x, 0, sizeof value);
  bsp_sync();
  CHECK_EQ(x, 200 + source, "x after the pop");
  CHECK_EQ(y, -1, "y after the pop");

  bsp_pop_reg(&x);
  bsp_end();
  printf("PASS\n");
  return 0;
}
