/* The same address pushed twice with different sizes is legal and the newest registration
 * wins: after pushing a larger size, a put beyond the old size but within the new one works.
 * The last put ends exactly at the registered size, which is allowed (offset + nbytes <= size). */
#include <stdio.h>

#include "spmd_check.h"

#define N 8
static int area[N];

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), target = (pid + 1) % p, source = (pid + p - 1) % p;

  bsp_push_reg(area, 2 * sizeof(int));
  bsp_sync();
  bsp_push_reg(area, N * sizeof(int));
  bsp_sync();

  for (int i = 0; i < N; i++) area[i] = -1;
  int value = 30 + pid;
  bsp_put(target, &value, area, (N - 1) * sizeof(int), sizeof value);
  bsp_sync();
  CHECK_EQ(area[N - 1], 30 + source, "the last element, beyond the older size");
  for (int i = 0; i < N - 1; i++) CHECK_EQ(area[i], -1, "an element nobody wrote");

  bsp_pop_reg(area);
  bsp_pop_reg(area);
  bsp_sync();
  bsp_end();
  printf("PASS\n");
  return 0;
}
