/* Communication with one's own pid takes effect at the sync, like any other (§3.2.4 note 5):
 * a put to self and a get from self leave their destinations untouched until the sync, and the
 * get reads the source's value as it is at the end of the superstep. */
#include <stdio.h>

#include "spmd_check.h"

static int a, b;

int main(void) {
  bsp_begin(bsp_nprocs());
  int pid = bsp_pid();
  bsp_push_reg(&a, sizeof a);
  bsp_push_reg(&b, sizeof b);
  a = 1;
  b = 2;
  bsp_sync();

  int value = 70 + pid, fetched = -1;
  bsp_put(pid, &value, &a, 0, sizeof value);
  bsp_get(pid, &b, 0, &fetched, sizeof fetched);
  CHECK_EQ(a, 1, "a after a put to self, before the sync");
  CHECK_EQ(fetched, -1, "the destination of a get from self, before the sync");
  b = 80 + pid;
  bsp_sync();
  CHECK_EQ(a, 70 + pid, "a after the sync");
  CHECK_EQ(fetched, 80 + pid, "the value fetched from self");

  bsp_pop_reg(&b);
  bsp_pop_reg(&a);
  bsp_end();
  printf("PASS\n");
  return 0;
}
