/* The paper's bsp_sum (§3.3.2), written fresh: a collective that returns, on every process,
 * the sum of all processes' arrays (of different lengths), using bsp_hpget. */
#include <stdio.h>
#include <stdlib.h>

#include "spmd_check.h"

static int bsp_sum(const int *xs, int nelem) {
  int p = bsp_nprocs(), result = 0;
  for (int j = 0; j < nelem; j++) result += xs[j];
  bsp_push_reg(&result, sizeof result);
  bsp_sync();
  int *local_sums = calloc((size_t)p, sizeof(int));
  if (local_sums == NULL) bsp_abort("{bsp_sum} no memory for %d int", p);
  for (int i = 0; i < p; i++) bsp_hpget(i, &result, 0, &local_sums[i], sizeof(int));
  bsp_sync();
  result = 0;
  for (int i = 0; i < p; i++) result += local_sums[i];
  bsp_pop_reg(&result);
  free(local_sums);
  return result;
}

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  int xs[16];
  int nelem = pid % 16 + 1;
  for (int j = 0; j < nelem; j++) xs[j] = 10 * pid + j;
  int expected = 0;
  for (int s = 0; s < p; s++) {
    for (int j = 0; j < s % 16 + 1; j++) expected += 10 * s + j;
  }
  CHECK_EQ(bsp_sum(xs, nelem), expected, "bsp_sum");
  CHECK_EQ(bsp_sum(xs, 0), 0, "bsp_sum of empty arrays");
  bsp_end();
  printf("PASS\n");
  return 0;
}
