/*
 * put_array.c - the paper's put_array procedure (section 3.2.3) as a program.
 *
 * A global array xs of n elements is distributed in blocks of n/p over the
 * processes. put_array performs the concurrent assignment
 *     for all i:  xs[xs[i]] := xs[i]
 * by turning each global index into (process, local index) and putting the
 * element there. Because puts write at the sync, every element is read before
 * any is overwritten. It also shows bsp_abort and the offset of bsp_put.
 *
 * Here xs starts as the reversal n-1, n-2, ..., 0 of the indices; afterwards
 * every element holds its own global index.
 */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>

void put_array(int *xs, int n) {
  int i, dst_pid, dst_idx, p = bsp_nprocs(), n_over_p = n / p;
  if ((n % p) != 0) bsp_abort("{put_array} n=%d not divisible by p=%d", n, p);
  bsp_push_reg(xs, n_over_p * sizeof(int));
  bsp_sync();

  for (i = 0; i < n_over_p; i++) {
    dst_pid = xs[i] / n_over_p;
    dst_idx = xs[i] % n_over_p;
    bsp_put(dst_pid, &xs[i], xs, dst_idx * sizeof(int), sizeof(int));
  }
  bsp_sync();
  bsp_pop_reg(xs);
}

int main(void) {
  bsp_begin(bsp_nprocs());
  const int n_over_p = 3;
  int p = bsp_nprocs(), s = bsp_pid(), n = n_over_p * p;
  int xs[3];
  for (int i = 0; i < n_over_p; ++i) xs[i] = n - 1 - (s * n_over_p + i);

  put_array(xs, n);

  printf("process %d holds xs[%d..%d] =", s, s * n_over_p, s * n_over_p + n_over_p - 1);
  for (int i = 0; i < n_over_p; ++i) printf(" %d", xs[i]);
  printf("\n");
  bsp_end();
  return 0;
}
