/* bsp_push_reg(NULL, ...) registers nothing but takes part in the collective registration
 * (§3.1.2 note 5): the others can still use the slot among themselves. A registration of size
 * 0 is allowed (note 6), takes a slot, and zero-byte transfers into it do nothing. */
#include <stdio.h>

#include "spmd_check.h"

static int z[2];
static char empty_area[1];

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();

  /* Slot 0: process 0 has nothing to offer. */
  bsp_push_reg(pid == 0 ? NULL : z, pid == 0 ? 0 : (int)sizeof z);
  /* Slot 1: size 0 everywhere. */
  bsp_push_reg(empty_area, 0);
  bsp_sync();

  z[0] = z[1] = -1;
  empty_area[0] = 'e';
  /* Processes 1..p-1 form a ring and write into each other's z. */
  if (pid != 0) {
    int target = pid == p - 1 ? 1 : pid + 1;
    int value = 10 + pid;
    bsp_put(target, &value, z, sizeof(int), sizeof value);
  }
  char c = 'w';
  bsp_put((pid + 1) % p, &c, empty_area, 0, 0);
  bsp_get((pid + 1) % p, empty_area, 0, &c, 0);
  bsp_sync();

  if (pid != 0) {
    int source = pid == 1 ? p - 1 : pid - 1;
    CHECK_EQ(z[0], -1, "z[0]");
    CHECK_EQ(z[1], 10 + source, "z[1]");
  }
  CHECK_EQ(empty_area[0], 'e', "a size-0 area after zero-byte puts");
  CHECK_EQ(c, 'w', "the destination of a zero-byte get");

  bsp_pop_reg(empty_area);
  bsp_pop_reg(pid == 0 ? NULL : z);
  bsp_sync();
  bsp_end();
  printf("PASS\n");
  return 0;
}
