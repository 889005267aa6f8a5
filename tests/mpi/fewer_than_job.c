/* bsp_begin(p) with p smaller than the MPI job: the first p ranks are the BSP processes
 * 0..p-1 and communicate among themselves; the other ranks end without running the SPMD part.
 * Every BSP process prints one line; process 0 prints PASS after bsp_end. argv[1] is p. */
#include <stdio.h>
#include <stdlib.h>

#include "spmd_check.h"

int main(int argc, char *argv[]) {
  CHECK(argc == 2);
  int want = atoi(argv[1]);
  bsp_begin(want);
  int p = bsp_nprocs(), pid = bsp_pid();
  CHECK_EQ(p, want, "bsp_nprocs()");
  int sum = 0;
  bsp_push_reg(&sum, sizeof sum);
  bsp_sync();
  for (int q = 0; q < p; q++) bsp_put(q, &pid, &sum, 0, 0); /* zero bytes: a no-op */
  int one = pid + 1;
  bsp_send(0, NULL, &one, sizeof one);
  bsp_sync();
  if (pid == 0) {
    int status, total = 0, v;
    for (bsp_get_tag(&status, NULL); status != -1; bsp_get_tag(&status, NULL)) {
      bsp_move(&v, sizeof v);
      total += v;
    }
    CHECK_EQ(total, p * (p + 1) / 2, "the sum of the messages");
  }
  printf("in SPMD part: process %d of %d\n", pid, p);
  bsp_end();
  printf("PASS\n");
  return 0;
}
