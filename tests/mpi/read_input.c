/* The classic BSPlib start-up (BSPedupack, the Oxford toolset's examples): process 0 reads
 * P and n from stdin in the sequential prefix, calls the SPMD part, which starts with
 * bsp_begin(P); process 0 then sends n to everybody with bsp_put, every process sums its
 * block of 1..n and sends the partial sum to process 0, which checks n(n+1)/2 and prints PASS
 * after bsp_end. Under MPI only rank 0 runs the prefix: bsp_begin takes its P. */
#include <stdio.h>

#include "spmd_check.h"

static int P; /* read by process 0 only */
static long n;

static void spmd_part(void) {
  bsp_begin(P);
  int p = bsp_nprocs(), pid = bsp_pid();
  if (pid == 0) CHECK_EQ(p, P, "bsp_nprocs(), the P process 0 read");
  bsp_push_reg(&n, sizeof n);
  bsp_sync();
  if (pid == 0)
    for (int q = 1; q < p; q++) bsp_put(q, &n, &n, 0, sizeof n);
  bsp_sync();
  long first = n * pid / p + 1, last = n * (pid + 1) / p, sum = 0;
  for (long i = first; i <= last; i++) sum += i;
  bsp_send(0, NULL, &sum, sizeof sum);
  bsp_sync();
  if (pid == 0) {
    int status;
    long total = 0, part;
    for (bsp_get_tag(&status, NULL); status != -1; bsp_get_tag(&status, NULL)) {
      bsp_move(&part, sizeof part);
      total += part;
    }
    CHECK_EQ(total, n * (n + 1) / 2, "the sum of 1..n over all processes");
  }
  bsp_pop_reg(&n);
  bsp_end();
}

int main(int argc, char *argv[]) {
  bsp_init(spmd_part, argc, argv);
  CHECK(scanf("%d %ld", &P, &n) == 2);
  spmd_part();
  printf("PASS\n");
  return 0;
}
