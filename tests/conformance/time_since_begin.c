/* bsp_time (§2.4): wall-clock seconds since bsp_begin, high resolution, non-decreasing per
 * process. It is bounded by the time measured around bsp_begin with the monotonic clock, and
 * successive distinct readings are far less than a millisecond apart. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

#include "spmd_check.h"

static double monotonic_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(void) {
  double before_begin = monotonic_now();
  bsp_begin(bsp_nprocs());
  for (int step = 0; step < 3; step++) {
    double first = bsp_time();
    CHECK(first >= 0.0);
    CHECK(first <= monotonic_now() - before_begin + 1e-3);
    double previous = first, smallest_step = 1.0;
    int changes = 0;
    for (long i = 0; i < 100000000L && changes < 200; i++) {
      double now = bsp_time();
      if (now < previous) bsp_abort("bsp_time went back from %.9f to %.9f", previous, now);
      if (now > previous) {
        if (now - previous < smallest_step) smallest_step = now - previous;
        changes++;
      }
      previous = now;
    }
    if (smallest_step >= 1e-4) bsp_abort("bsp_time resolution is too coarse: %g s", smallest_step);
    bsp_sync();
    CHECK(bsp_time() >= previous);
  }
  bsp_end();
  printf("PASS\n");
  return 0;
}
