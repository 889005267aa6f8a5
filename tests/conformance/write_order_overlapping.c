/* Overlapping writes in one superstep are applied in a deterministic order: issuing process
 * pid ascending, then issue order. Every process puts several overlapping byte ranges into
 * every process's buffer; each process computes the expected final buffer by applying all
 * puts sequentially in that order, and compares. Small puts (copied into the request stream)
 * and large ones (over 1 KiB, which an implementation may carry differently) are mixed. */
#include <stdio.h>
#include <string.h>

#include "spmd_check.h"

#define N 4096
#define PUTS 5
static unsigned char buffer[N];

/* The k-th put of process s: a byte range and a fill value, the same on every process. */
static void put_range(int s, int k, int p, int *offset, int *nbytes, unsigned char *fill) {
  *offset = (s * 7 + k * 11) * 37 % (N / 2);
  *nbytes = k % 2 == 0 ? 1 + (s * 13 + k * 5 + p) % 64 : 1025 + (s * 13 + k * 5 + p) * 29 % 1000;
  *fill = (unsigned char)(1 + s * PUTS + k);
}

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  bsp_push_reg(buffer, sizeof buffer);
  memset(buffer, 0, sizeof buffer);
  bsp_sync();

  unsigned char source[N];
  for (int t = 0; t < p; t++) {
    /* Issue to the targets in a pid-dependent order, so arrival order differs from the
     * order the result must reflect. */
    int target = (t + pid) % p;
    for (int k = 0; k < PUTS; k++) {
      int offset, nbytes;
      unsigned char fill;
      put_range(pid, k, p, &offset, &nbytes, &fill);
      memset(source, fill, sizeof source);
      bsp_put(target, source, buffer, offset, nbytes);
    }
  }
  bsp_sync();

  unsigned char expected[N];
  memset(expected, 0, sizeof expected);
  for (int s = 0; s < p; s++) {
    for (int k = 0; k < PUTS; k++) {
      int offset, nbytes;
      unsigned char fill;
      put_range(s, k, p, &offset, &nbytes, &fill);
      memset(expected + offset, fill, (size_t)nbytes);
    }
  }
  for (int i = 0; i < N; i++) CHECK_EQ(buffer[i], expected[i], "a byte of the buffer");

  bsp_pop_reg(buffer);
  bsp_end();
  printf("PASS\n");
  return 0;
}
