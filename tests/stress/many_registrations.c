/* Many live registrations (default up to 10,000, p = 2): registrations are pushed in batches
 * until 1, 10, 100, ... are live, and at each size pid 0 reports the time per bsp_put to the
 * oldest and to the newest registration (the lookup must not grow with the count). Every
 * process puts to its right neighbour; the last value put is checked after each sync.
 *   many_registrations [max_live [puts_per_measurement]] */
#include "stress_report.h"

static long max_live, puts_per_size;

/* Times `puts_per_size` puts_per_size to cell `target` of the right neighbour, syncs, checks the
 * result and returns the seconds per put (the sync not included). */
static double time_puts(int *cells, long target, int round) {
  int p = bsp_nprocs(), pid = bsp_pid();
  int value = 0;
  double start = bsp_time();
  for (long k = 0; k < puts_per_size; k++) {
    value = (int)(round * 1000003L + k) * p + pid;
    bsp_put((pid + 1) % p, &value, &cells[target], 0, (int)sizeof(int));
  }
  double elapsed = bsp_time() - start;
  bsp_sync();
  int left = (pid + p - 1) % p;
  CHECK_EQ(cells[target], (int)(round * 1000003L + puts_per_size - 1) * p + left, "the last put");
  return elapsed / (double)puts_per_size;
}

static void spmd(void) {
  bsp_begin(2);
  int *cells = (int *)calloc((size_t)max_live, sizeof(int));
  CHECK(cells != NULL);
  long live = 0;
  int round = 0;
  for (long size = 1; size <= max_live; size *= 10) {
    double push_start = bsp_time();
    for (; live < size; live++) bsp_push_reg(&cells[live], (int)sizeof(int));
    bsp_sync();
    double pushed = bsp_time() - push_start;
    double oldest = time_puts(cells, 0, round++);
    double newest = time_puts(cells, live - 1, round++);
    if (bsp_pid() == 0)
      printf(
          "many_registrations: %6ld live: bsp_put to the oldest %.1f ns, to the newest "
          "%.1f ns (%ld puts each); pushing this batch and its sync %.3f ms\n",
          live, oldest * 1e9, newest * 1e9, puts_per_size, pushed * 1e3);
  }
  stress_report_memory("many_registrations", (double)puts_per_size * sizeof(int));
  bsp_end();
}

int main(int argc, char **argv) {
  max_live = stress_arg(argc, argv, 1, 10000);
  puts_per_size = stress_arg(argc, argv, 2, 100000);
  spmd();
  printf("PASS\n");
  return 0;
}
