/*
 * python_overhead_c.c - the C side of python_overhead.py: the same three
 * measurements, made the same way, so that the script can print Python's cost
 * beside C's. Usage: python_overhead_c P REPS SMALL_PUTS SYNCS; prints
 *   put_1mib_us <mean time of one bsp_put call of 1 MiB, microseconds>
 *   small_put_ns <mean time of one 8-byte bsp_put, nanoseconds>
 *   empty_superstep_us <mean time of one empty bsp_sync, microseconds>
 * from process 0, each the median of ROUNDS rounds, then each name with _min and _max: the
 * fastest and slowest round. The puts are timed in this thread's processor
 * time (a busy machine's other work does not count), the supersteps in elapsed time.
 */
#define _POSIX_C_SOURCE 199309L
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { kLarge = 1 << 17, kSmallSlots = 1024 }; /* 2^17 doubles: 1 MiB */

static int g_reps, g_small_puts, g_syncs, g_rounds;

/* Seconds of processor time this thread has used. */
static double thread_time(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double large_put(double *area) {
  int p = bsp_nprocs(), me = bsp_pid();
  double *src = malloc(sizeof(double) * kLarge), total = 0;
  if (!src) bsp_abort("python_overhead_c: no memory");
  for (int i = 0; i < kLarge; ++i) src[i] = i;
  for (int r = 0; r < g_reps; ++r) {
    double t = thread_time();
    bsp_put((me + 1) % p, src, area, 0, (int)(sizeof(double) * kLarge));
    total += thread_time() - t;
    bsp_sync();
  }
  free(src);
  return total / g_reps;
}

static double small_puts(double *area) {
  int p = bsp_nprocs(), me = bsp_pid();
  double value = me, t = thread_time();
  for (int i = 0; i < g_small_puts; ++i)
    bsp_put((me + 1) % p, &value, area, (int)sizeof(double) * (i % kSmallSlots),
            (int)sizeof(double));
  t = thread_time() - t;
  bsp_sync();
  return t / g_small_puts;
}

static double empty_supersteps(void) {
  bsp_sync();
  double t = bsp_time();
  for (int i = 0; i < g_syncs; ++i) bsp_sync();
  return (bsp_time() - t) / g_syncs;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median of n values (sorts them). */
static double median(double *values, int n) {
  qsort(values, (size_t)n, sizeof(double), by_value);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: python_overhead_c P REPS SMALL_PUTS SYNCS ROUNDS\n");
    return 2;
  }
  g_reps = atoi(argv[2]), g_small_puts = atoi(argv[3]), g_syncs = atoi(argv[4]);
  g_rounds = atoi(argv[5]);
  if (atoi(argv[1]) < 1 || g_reps < 1 || g_small_puts < 1 || g_syncs < 1 || g_rounds < 1) {
    fprintf(stderr, "python_overhead_c: every argument must be a positive number\n");
    return 2;
  }
  bsp_begin(atoi(argv[1]));
  double *area = calloc(kLarge, sizeof(double));
  if (!area) bsp_abort("python_overhead_c: no memory");
  bsp_push_reg(area, (int)(sizeof(double) * kLarge));
  bsp_sync();
  double *large = malloc(sizeof(double) * 3 * (size_t)g_rounds);
  if (!large) bsp_abort("python_overhead_c: no memory");
  double *small = large + g_rounds, *empty = small + g_rounds;
  for (int r = 0; r < g_rounds; ++r)
    large[r] = large_put(area), small[r] = small_puts(area), empty[r] = empty_supersteps();
  if (bsp_pid() == 0) {
    printf("put_1mib_us %.3f\nsmall_put_ns %.2f\nempty_superstep_us %.3f\n",
           median(large, g_rounds) * 1e6, median(small, g_rounds) * 1e9,
           median(empty, g_rounds) * 1e6);
    /* median() sorted each: the first and last rounds are the fastest and slowest. */
    printf("put_1mib_us_min %.3f\nput_1mib_us_max %.3f\n", large[0] * 1e6,
           large[g_rounds - 1] * 1e6);
    printf("small_put_ns_min %.2f\nsmall_put_ns_max %.2f\n", small[0] * 1e9,
           small[g_rounds - 1] * 1e9);
    printf("empty_superstep_us_min %.3f\nempty_superstep_us_max %.3f\n", empty[0] * 1e6,
           empty[g_rounds - 1] * 1e6);
  }
  free(large);
  bsp_pop_reg(area);
  bsp_end();
  free(area);
  return 0;
}
