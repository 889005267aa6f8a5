/* The paper's put_array (§3.2.3), written fresh: the concurrent assignment
 * xs[xs[i]] := xs[i] over a block-distributed array of n elements. With xs holding a
 * permutation, afterwards every element holds its own global index. */
#include <stdio.h>

#include "spmd_check.h"

#define PER_PROCESS 6

static void put_array(int *xs, int n) {
  int p = bsp_nprocs(), n_over_p = n / p;
  if (n % p != 0) bsp_abort("{put_array} n=%d not divisible by p=%d", n, p);
  bsp_push_reg(xs, n_over_p * (int)sizeof(int));
  bsp_sync();
  for (int i = 0; i < n_over_p; i++) {
    int dst_pid = xs[i] / n_over_p, dst_idx = xs[i] % n_over_p;
    bsp_put(dst_pid, &xs[i], xs, dst_idx * (int)sizeof(int), sizeof(int));
  }
  bsp_sync();
  bsp_pop_reg(xs);
}

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), n = PER_PROCESS * p;
  int xs[PER_PROCESS];
  /* A permutation of 0..n-1 with no fixed structure: g -> (5g + 3) mod n, gcd(5, n) = 1 for
   * the p this test runs at; step 7 works otherwise. */
  int step = n % 5 == 0 ? 7 : 5;
  for (int i = 0; i < PER_PROCESS; i++) xs[i] = (step * (pid * PER_PROCESS + i) + 3) % n;
  put_array(xs, n);
  for (int i = 0; i < PER_PROCESS; i++) CHECK_EQ(xs[i], pid * PER_PROCESS + i, "xs[i]");
  bsp_end();
  printf("PASS\n");
  return 0;
}
