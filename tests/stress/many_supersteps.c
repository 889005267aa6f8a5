/* Many supersteps in a row (default 100,000): in superstep s every process puts the int
 * s * p + pid into slot s of its right neighbour's array; all slots are checked at the end.
 *   many_supersteps p [supersteps] */
#include "stress_report.h"

static long nprocs_arg, steps;

static void spmd(void) {
  bsp_begin((int)nprocs_arg);
  int p = bsp_nprocs(), pid = bsp_pid();
  int *slots = (int *)calloc((size_t)steps, sizeof(int));
  CHECK(slots != NULL);
  bsp_push_reg(slots, (int)(steps * (long)sizeof(int)));
  bsp_sync();

  double start = bsp_time();
  for (long s = 0; s < steps; s++) {
    int value = (int)(s * p + pid);
    bsp_put((pid + 1) % p, &value, slots, (int)(s * (long)sizeof(int)), (int)sizeof(int));
    bsp_sync();
  }
  double elapsed = bsp_time() - start;

  int left = (pid + p - 1) % p;
  for (long s = 0; s < steps; s++) CHECK_EQ(slots[s], s * p + left, "a slot");
  if (pid == 0)
    printf(
        "many_supersteps: p = %d, %ld supersteps with one 4-byte put each: %.3f s, "
        "%.1f us per superstep; all puts verified\n",
        p, steps, elapsed, elapsed * 1e6 / (double)steps);
  stress_report_memory("many_supersteps", 0); /* no volume to compare with */
  bsp_end();
}

int main(int argc, char **argv) {
  nprocs_arg = stress_arg(argc, argv, 1, 2);
  steps = stress_arg(argc, argv, 2, 100000);
  spmd();
  printf("PASS\n");
  return 0;
}
