/*
 * misuse.h - shared frame of the misuse programs.
 *
 * Each program commits one misuse on one chosen process (the last, p - 1) in one chosen
 * superstep (MISUSE_SUPERSTEP), while the other processes carry on correctly. The library must
 * stop everything with one message naming the primitive, the process and the superstep. If it
 * does not, the program finishes normally and says so on stdout, and the test fails.
 */
#ifndef SUPERSTEP_TESTS_MISUSE_H
#define SUPERSTEP_TESTS_MISUSE_H

#include <bsp.h>
#include <stdio.h>
#include <string.h>

#define MISUSE_SUPERSTEP 2

/* Syncs from superstep 0 up to MISUSE_SUPERSTEP; returns whether this process misbehaves. */
static inline int reach_misuse_superstep(void) {
  for (int s = 0; s < MISUSE_SUPERSTEP; s++) bsp_sync();
  return bsp_pid() == bsp_nprocs() - 1;
}

/* Where the program ends up when the misuse went unnoticed. */
static inline int finish_unnoticed(const char *variant) {
  bsp_sync();
  bsp_end();
  printf("misuse '%s' was not detected\n", variant);
  return 0;
}

static inline int is(const char *variant, const char *name) { return strcmp(variant, name) == 0; }

#endif /* SUPERSTEP_TESTS_MISUSE_H */
