/*
 * bsp_sum.c - the paper's bsp_sum function (section 3.3.2) as a program.
 *
 * bsp_sum is collective: each process passes its own array, and every
 * process gets the sum over all arrays. Each process sums locally, registers
 * the result, and then fetches everybody's result with bsp_hpget. The
 * unbuffered bsp_hpget is safe here because nobody changes `result` in the
 * superstep of the gets.
 *
 * Here process s passes the s+1 numbers 1, 2, ..., s+1.
 */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>

int bsp_sum(int *xs, int nelem) {
  int *local_sums, i, j, result = 0, p = bsp_nprocs();
  for (j = 0; j < nelem; j++) result += xs[j];
  bsp_push_reg(&result, sizeof(int));
  bsp_sync();

  local_sums = calloc(p, sizeof(int));
  if (local_sums == NULL) bsp_abort("{bsp_sum} no memory for %d int", p);
  for (i = 0; i < p; i++) bsp_hpget(i, &result, 0, &local_sums[i], sizeof(int));
  bsp_sync();

  result = 0;
  for (i = 0; i < p; i++) result += local_sums[i];
  bsp_pop_reg(&result);
  free(local_sums);
  return result;
}

int main(void) {
  bsp_begin(bsp_nprocs());
  int s = bsp_pid();
  int *xs = malloc((size_t)(s + 1) * sizeof(int));
  if (xs == NULL) bsp_abort("bsp_sum example: no memory");
  for (int i = 0; i <= s; ++i) xs[i] = i + 1;

  int total = bsp_sum(xs, s + 1);

  printf("process %d: bsp_sum = %d\n", s, total);
  free(xs);
  bsp_end();
  return 0;
}
