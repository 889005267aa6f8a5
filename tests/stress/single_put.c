/* One large bsp_put (default 256 MiB, p = 2): pid 0 puts its whole buffer into pid 1's.
 *   single_put [mib] */
#include <stdint.h>
#include <string.h>

#include "stress_report.h"

static uint64_t word(size_t index) { return index * 0x9E3779B97F4A7C15ull + 1; }

static long mib;

static void spmd(void) {
  bsp_begin(2);
  int pid = bsp_pid();
  size_t bytes = (size_t)mib << 20, words = bytes / sizeof(uint64_t);
  CHECK(bytes <= (size_t)INT32_MAX); /* sizes are int */
  uint64_t *buf = (uint64_t *)malloc(bytes);
  CHECK(buf != NULL);
  for (size_t i = 0; i < words; i++) buf[i] = pid == 0 ? word(i) : 0;
  bsp_push_reg(buf, (int)bytes);
  bsp_sync();

  double start = bsp_time();
  if (pid == 0) bsp_put(1, buf, buf, 0, (int)bytes);
  bsp_sync();
  double elapsed = bsp_time() - start;

  if (pid == 1)
    for (size_t i = 0; i < words; i++)
      if (buf[i] != word(i)) bsp_abort("single_put: word %zu arrived wrong", i);
  if (pid == 0)
    printf(
        "single_put: one bsp_put of %.0f MiB from process 0 to 1: %.3f s (put and sync), "
        "%.2f GiB/s; data verified\n",
        bytes / STRESS_MIB, elapsed, bytes / (1024 * STRESS_MIB) / elapsed);
  stress_report_memory("single_put", (double)bytes);
  bsp_end();
}

int main(int argc, char **argv) {
  mib = stress_arg(argc, argv, 1, 256);
  spmd();
  printf("PASS\n");
  return 0;
}
