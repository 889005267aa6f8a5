/* bsp_put copies its source at the call (buffered on source, §3.2): changing the source after
 * the put, in the same superstep, does not change what arrives. The destination is written
 * only at the end of the superstep (buffered on destination). */
#include <stdio.h>

#include "spmd_check.h"

#define N 16
static int dst[N];

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), target = (pid + 1) % p, source = (pid + p - 1) % p;
  bsp_push_reg(dst, sizeof dst);
  for (int i = 0; i < N; i++) dst[i] = -1;
  bsp_sync();

  int src[N];
  for (int i = 0; i < N; i++) src[i] = 1000 * pid + i;
  bsp_put(target, src, dst, 0, sizeof src);
  for (int i = 0; i < N; i++) src[i] = -2; /* too late: the put has its copy */
  for (int i = 0; i < N; i++) CHECK_EQ(dst[i], -1, "the destination before the sync");
  bsp_sync();
  for (int i = 0; i < N; i++) CHECK_EQ(dst[i], 1000 * source + i, "the destination");

  bsp_pop_reg(dst);
  bsp_end();
  printf("PASS\n");
  return 0;
}
