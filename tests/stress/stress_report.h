/*
 * stress_report.h - the figures the stress programs print, and their argument parsing.
 *
 * Each stress program checks its own results (through spmd_check.h) and prints, from pid 0,
 * lines "<name>: <figure>" so that `ctest -L stress -V` shows them.
 */
#ifndef SUPERSTEP_TESTS_STRESS_REPORT_H
#define SUPERSTEP_TESTS_STRESS_REPORT_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "spmd_check.h"

#define STRESS_MIB (1024.0 * 1024.0)

/* argv[index] as a positive number, or fallback when absent. */
static long stress_arg(int argc, char **argv, int index, long fallback) {
  if (argc <= index) return fallback;
  long value = atol(argv[index]);
  if (value <= 0)
    bsp_abort("stress: argument %d (\"%s\") must be a positive number", index, argv[index]);
  return value;
}

/* Peak resident set size of the calling process in KiB (Linux reports ru_maxrss in KiB). It
 * counts pages of shared mappings this process touched, so staging memory shows on both sides. */
static long stress_peak_rss_kib(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

/* Collective (it syncs twice): gathers every process's peak RSS on pid 0 with bsp_put, and pid 0
 * prints each one, the bytes in flight per process and the largest peak RSS as a multiple of
 * them (skipped when in_flight_bytes is 0). Call it after the traffic being measured. */
static void stress_report_memory(const char *name, double in_flight_bytes) {
  int p = bsp_nprocs(), pid = bsp_pid();
  long *rss = (long *)calloc((size_t)p, sizeof(long));
  CHECK(rss != NULL);
  bsp_push_reg(rss, p * (int)sizeof(long));
  bsp_sync();
  long mine = stress_peak_rss_kib();
  bsp_put(0, &mine, rss, pid * (int)sizeof(long), (int)sizeof(long));
  bsp_sync();
  if (pid == 0) {
    long largest = 0;
    for (int q = 0; q < p; q++) {
      printf("%s: peak RSS of process %d: %.1f MiB\n", name, q, rss[q] / 1024.0);
      if (rss[q] > largest) largest = rss[q];
    }
    if (in_flight_bytes > 0)
      printf(
          "%s: bytes in flight per process: %.1f MiB; largest peak RSS / bytes in flight = %.2f\n",
          name, in_flight_bytes / STRESS_MIB, largest * 1024.0 / in_flight_bytes);
  }
  bsp_pop_reg(rss);
  bsp_sync();
  free(rss);
}

#endif /* SUPERSTEP_TESTS_STRESS_REPORT_H */
