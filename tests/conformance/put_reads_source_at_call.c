/* bsp_put copies its source at the call (buffered on source, §3.2): changing the source after
 * the put, in the same superstep, does not change what arrives. The destination is written
 * only at the end of the superstep (buffered on destination). Checked with a small transfer
 * and with a large one (16 KiB), which an implementation may carry differently. */
#include <stdio.h>

#include "spmd_check.h"

#define MAX_N 4096
static int dst[MAX_N];
static int src[MAX_N];

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), target = (pid + 1) % p, source = (pid + p - 1) % p;
  bsp_push_reg(dst, sizeof dst);
  bsp_sync();

  for (int n = 16; n <= MAX_N; n *= 256) {
    for (int i = 0; i < MAX_N; i++) dst[i] = -1;
    for (int i = 0; i < n; i++) src[i] = 1000 * pid + i;
    bsp_sync();
    bsp_put(target, src, dst, 0, n * (int)sizeof(int));
    for (int i = 0; i < n; i++) src[i] = -2; /* too late: the put has its copy */
    for (int i = 0; i < n; i++) CHECK_EQ(dst[i], -1, "the destination before the sync");
    bsp_sync();
    for (int i = 0; i < n; i++) CHECK_EQ(dst[i], 1000 * source + i, "the destination");
    for (int i = n; i < MAX_N; i++) CHECK_EQ(dst[i], -1, "beyond the destination");
  }

  bsp_pop_reg(dst);
  bsp_end();
  printf("PASS\n");
  return 0;
}
