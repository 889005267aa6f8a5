/* The paper's reverse (§3.2.2), written fresh: a collective in which process i ends up with
 * the x of process p - i - 1. Registration of a parameter, put into the same variable it
 * reads from (safe thanks to buffering), and de-registration. Called several times in a row to
 * check that each call's registration is cleanly removed. */
#include <stdio.h>

#include "spmd_check.h"

static int reverse(int x) {
  bsp_push_reg(&x, sizeof x);
  bsp_sync();
  bsp_put(bsp_nprocs() - bsp_pid() - 1, &x, &x, 0, sizeof x);
  bsp_sync();
  bsp_pop_reg(&x);
  return x;
}

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  for (int round = 0; round < 3; round++) {
    int result = reverse(7 * pid + round);
    CHECK_EQ(result, 7 * (p - pid - 1) + round, "reverse(x)");
  }
  CHECK_EQ(reverse(reverse(pid + 100)), pid + 100, "reverse(reverse(x))");
  bsp_end();
  printf("PASS\n");
  return 0;
}
