/* After bsp_end only process 0 continues: it can compute and print; the other processes
 * end in bsp_end. The test expects exactly one result line, followed by PASS. */
#include <stdio.h>

#include "spmd_check.h"

static int sum;

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  bsp_push_reg(&sum, sizeof sum);
  bsp_sync();
  int mine = pid + 1;
  for (int t = 0; t < p; t++) bsp_send(t, NULL, &mine, sizeof mine);
  bsp_sync();
  int n, nbytes, total = 0;
  bsp_qsize(&n, &nbytes);
  for (int i = 0; i < n; i++) {
    int v;
    bsp_move(&v, sizeof v);
    total += v;
  }
  sum = total;
  bsp_pop_reg(&sum);
  bsp_end();
  printf("after end: sum=%d\n", sum);
  if (sum != bsp_nprocs() * (bsp_nprocs() + 1) / 2) return 1;
  printf("PASS\n");
  return 0;
}
