/* Start-up with bsp_begin as the first statement of main: bsp_nprocs() before bsp_begin is
 * $BSP_NPROCS, bsp_begin(bsp_nprocs()) gives exactly that many processes with pids
 * 0..p-1, each once, and only process 0 continues after bsp_end. */
#include <stdio.h>
#include <stdlib.h>

#include "spmd_check.h"

#define MAX 64
static int seen[MAX];

int main(void) {
  const char *env = getenv("BSP_NPROCS");
  CHECK(env != NULL);
  int requested = atoi(env);
  CHECK_EQ(bsp_nprocs(), requested, "bsp_nprocs() before bsp_begin");
  CHECK(requested <= MAX);

  bsp_begin(requested);
  int p = bsp_nprocs(), pid = bsp_pid();
  CHECK_EQ(p, requested, "bsp_nprocs() inside bsp_begin..bsp_end");
  CHECK(pid >= 0 && pid < p);
  bsp_push_reg(seen, sizeof seen);
  bsp_sync();
  int one = 1;
  bsp_put(0, &one, seen, pid * (int)sizeof(int), sizeof one);
  bsp_sync();
  if (pid == 0) {
    for (int i = 0; i < p; i++) CHECK_EQ(seen[i], 1, "processes that announced this pid");
  }
  bsp_pop_reg(seen);
  bsp_end();
  printf("PASS\n");
  return 0;
}
