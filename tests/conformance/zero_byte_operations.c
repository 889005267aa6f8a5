/* A communication of zero bytes does nothing (§3.2.4 note 4), to self and to others, with any
 * offset up to the registered size; a zero-byte hpput/hpget likewise. */
#include <stdio.h>

#include "spmd_check.h"

#define N 4
static int area[N];

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  bsp_push_reg(area, sizeof area);
  for (int i = 0; i < N; i++) area[i] = 10 * pid + i;
  bsp_sync();

  int local[N] = {-5, -5, -5, -5};
  for (int t = 0; t < p; t++) {
    bsp_put(t, local, area, 0, 0);
    bsp_put(t, local, area, sizeof area, 0);
    bsp_hpput(t, local, area, sizeof(int), 0);
    bsp_get(t, area, 0, local, 0);
    bsp_hpget(t, area, sizeof area, local, 0);
  }
  bsp_sync();
  for (int i = 0; i < N; i++) {
    CHECK_EQ(area[i], 10 * pid + i, "a registered element after zero-byte puts");
    CHECK_EQ(local[i], -5, "a local element after zero-byte gets");
  }

  bsp_pop_reg(area);
  bsp_end();
  printf("PASS\n");
  return 0;
}
