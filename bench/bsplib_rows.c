/*
 * bsplib_rows.c - the rows of the side-by-side with other BSPlib libraries (bench/bsplibs.sh),
 * in plain C over the BSPlib primitives alone, so that the same source compiles against
 * Superstep (bspcc) and against any other BSPlib. Nothing here may be Superstep's own: where a
 * library runs its processes as threads of one program, they share this file's static
 * variables, so these are written once, by main, before bsp_init, and only read after it.
 *
 *   bsplib_rows exchange P BYTES   total exchange by bsp_hpput: each process puts BYTES to
 *                                  every other one, then syncs; beside it a memcpy of the
 *                                  same (P - 1) * BYTES by every process at once
 *   bsplib_rows puts P COUNT       COUNT puts of 8 bytes to the next process, then one sync,
 *                                  by bsp_put and by bsp_hpput
 *
 * Process 0 prints one line of name=value pairs: each figure the median over the samples of
 * the slowest process's time (an exchange is over when its last process is done), in
 * nanoseconds per byte that a process sends (exchange) or in microseconds (puts), and in how
 * many samples two processes ran on one processor (sharing_a_processor).
 */
#define _GNU_SOURCE /* sched_getcpu */
#include <bsp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Warm-ups before the samples: a library may set a registered area up over its first supersteps
 * (Superstep shares a large one a thirty-second, at least 1 MiB, per sync, src/core/shared_areas.cpp); the rows are
 * its steady state. */
enum { kWarmUps = 20, kMaxSamples = 64 };

static int g_exchange; /* 1: the exchange row, 0: the puts row */
static int g_procs;
static long g_size; /* BYTES a pair, or COUNT puts */
static int g_samples;

static void *allocate(size_t bytes) {
  void *memory = malloc(bytes > 0 ? bytes : 1);
  if (!memory) bsp_abort("bsplib_rows: no memory for %lu bytes\n", (unsigned long)bytes);
  memset(memory, 1, bytes);
  return memory;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *values, int n) {
  qsort(values, (size_t)n, sizeof(double), compare_doubles);
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

/* Collective: every process's `n` values in `mine`, process q's from q * n, on process 0
 * (NULL on the others; free it). */
static double *gather_on_0(const double *mine, int n) {
  int p = bsp_nprocs(), me = bsp_pid();
  double *all = allocate(sizeof(double) * (size_t)n * (size_t)p);
  bsp_push_reg(all, (int)(sizeof(double) * (size_t)n * (size_t)p));
  bsp_sync();
  bsp_put(0, mine, all, (int)(sizeof(double) * (size_t)n * (size_t)me), (int)(sizeof(double) * (size_t)n));
  bsp_sync();
  bsp_pop_reg(all);
  if (me == 0) return all;
  free(all);
  return NULL;
}

/* Collective: the median over the samples of the slowest process's time, on process 0 (0 on
 * the others). */
static double median_of_slowest(const double *mine, int n) {
  int p = bsp_nprocs();
  double *all = gather_on_0(mine, n), result = 0;
  if (all) {
    double slowest[kMaxSamples];
    for (int i = 0; i < n; ++i) {
      slowest[i] = all[i];
      for (int q = 1; q < p; ++q)
        if (all[q * n + i] > slowest[i]) slowest[i] = all[q * n + i];
    }
    result = median(slowest, n);
  }
  free(all);
  return result;
}

/* Collective: in how many of the samples two processes ran on one processor, on process 0.
 * `cpus` holds the processor this process ran on at the end of each sample (sched_getcpu).
 * Where there are processors enough, the kernel may still put two on one for a whole launch
 * (while another program keeps the other processor busy): each then waits for the other's
 * time slice, and the launch measures less than p processors. */
static int samples_sharing_a_processor(const double *cpus, int n) {
  int p = bsp_nprocs(), shared = 0;
  double *all = gather_on_0(cpus, n);
  if (all) {
    for (int i = 0; i < n; ++i) {
      int found = 0;
      for (int a = 0; a < p && !found; ++a)
        for (int b = a + 1; b < p && !found; ++b) found = all[a * n + i] == all[b * n + i];
      shared += found;
    }
  }
  free(all);
  return shared;
}

static double time_copy(char *to, const char *from, size_t bytes) {
  bsp_sync();
  double t0 = bsp_time();
  memcpy(to, from, bytes);
  double t = bsp_time() - t0;
  bsp_sync();
  return t;
}

static double time_exchange(const char *src, char *dst, int bytes) {
  int p = bsp_nprocs(), me = bsp_pid();
  bsp_sync();
  double t0 = bsp_time();
  for (int k = 1; k < p; ++k) {
    int q = (me + k) % p;
    bsp_hpput(q, src + (size_t)q * (size_t)bytes, dst, me * bytes, bytes);
  }
  bsp_sync();
  return bsp_time() - t0;
}

static void exchange_row(void) {
  int p = bsp_nprocs(), bytes = (int)g_size;
  size_t all = (size_t)p * (size_t)bytes, sent = (size_t)(p - 1) * (size_t)bytes;
  char *src = allocate(all), *dst = allocate(all), *spare = allocate(all);
  double exchange[kMaxSamples], copy[kMaxSamples], cpus[kMaxSamples];
  bsp_push_reg(dst, (int)all);
  bsp_sync();
  for (int i = 0; i < kWarmUps; ++i) time_exchange(src, dst, bytes);
  for (int i = 0; i < g_samples; ++i) {
    copy[i] = time_copy(spare, src, sent);
    exchange[i] = time_exchange(src, dst, bytes);
    cpus[i] = sched_getcpu();
  }
  double hpput = median_of_slowest(exchange, g_samples), floor = median_of_slowest(copy, g_samples);
  int shared = samples_sharing_a_processor(cpus, g_samples);
  if (bsp_pid() == 0)
    printf("exchange p=%d bytes=%d samples=%d hpput_ns_per_byte=%.4f memcpy_ns_per_byte=%.4f "
           "sharing_a_processor=%d\n",
           p, bytes, g_samples, hpput * 1e9 / (double)sent, floor * 1e9 / (double)sent, shared);
  bsp_pop_reg(dst);
  bsp_sync();
  free(src);
  free(dst);
  free(spare);
}

static double time_puts(const double *src, double *dst, int count, int hp) {
  int next = (bsp_pid() + 1) % bsp_nprocs();
  bsp_sync();
  double t0 = bsp_time();
  for (int i = 0; i < count; ++i) {
    if (hp)
      bsp_hpput(next, &src[i], dst, i * 8, 8);
    else
      bsp_put(next, &src[i], dst, i * 8, 8);
  }
  bsp_sync();
  return bsp_time() - t0;
}

static void puts_row(void) {
  int count = (int)g_size, prev = (bsp_pid() + bsp_nprocs() - 1) % bsp_nprocs();
  double *src = allocate(sizeof(double) * (size_t)count), *dst = allocate(sizeof(double) * (size_t)count);
  double put[kMaxSamples], hpput[kMaxSamples], cpus[kMaxSamples];
  for (int i = 0; i < count; ++i) src[i] = bsp_pid() * 1e7 + i;
  bsp_push_reg(dst, (int)(sizeof(double) * (size_t)count));
  bsp_sync();
  for (int i = 0; i < kWarmUps; ++i) time_puts(src, dst, count, 0);
  for (int i = 0; i < g_samples; ++i) {
    put[i] = time_puts(src, dst, count, 0);
    hpput[i] = time_puts(src, dst, count, 1);
    cpus[i] = sched_getcpu();
  }
  for (int i = 0; i < count; ++i)
    if (dst[i] != prev * 1e7 + i) bsp_abort("bsplib_rows: wrong value at %d\n", i);
  double put_s = median_of_slowest(put, g_samples), hpput_s = median_of_slowest(hpput, g_samples);
  int shared = samples_sharing_a_processor(cpus, g_samples);
  if (bsp_pid() == 0)
    printf("puts p=%d count=%d samples=%d put_us=%.1f hpput_us=%.1f sharing_a_processor=%d\n",
           bsp_nprocs(), count, g_samples, put_s * 1e6, hpput_s * 1e6, shared);
  bsp_pop_reg(dst);
  bsp_sync();
  free(src);
  free(dst);
}

static void spmd(void) {
  bsp_begin(g_procs);
  if (g_exchange)
    exchange_row();
  else
    puts_row();
  bsp_end();
}

int main(int argc, char **argv) {
  if (argc != 4 || (strcmp(argv[1], "exchange") != 0 && strcmp(argv[1], "puts") != 0)) {
    fprintf(stderr, "usage: %s exchange P BYTES | puts P COUNT\n", argv[0]);
    return 2;
  }
  g_exchange = strcmp(argv[1], "exchange") == 0;
  g_procs = atoi(argv[2]);
  g_size = atol(argv[3]);
  if (g_procs < 1 || g_size < 1 || g_size * g_procs > (1L << 30)) {
    fprintf(stderr, "%s: P and the size must be positive, their product at most 1 GiB\n", argv[0]);
    return 2;
  }
  /* Enough samples for a steady median, few enough that the large rows stay short. */
  g_samples = g_exchange ? (g_size >= (1L << 22) ? 9 : 25) : 24;
  bsp_init(spmd, argc, argv);
  spmd();
  return 0;
}
