/* The page faults that large puts cost, on their writer and their readers:
 * every process maps the pages of its own staging ring (which it writes) and of
 * each other process's (which it reads) as its fills first reach them, in
 * extents that double (util/cache_ring.hpp). Three things are checked, on every
 * process, with kBytes put to every other process per superstep:
 *
 * 1. The first superstep with large puts (kFirstBytes to every other process)
 *    faults in about what it uses, not a whole ring: on each ring, its own and
 *    every other process's, twice the fill's end in 64 KiB steps, and some
 *    slack. Mapping each ring whole before its first fill cost about 360 faults
 *    at p = 2 and 430 at p = 4 on a two-core VM (a ring is at least 1.25 MiB;
 *    the kernel maps a reader's pages 16 at a time), about 1.8 ms for two
 *    supersteps there, and 25 ms a superstep at p = 16 on a 16-core machine.
 * 2. While the rings go round the first time, the faults come in a few
 *    supersteps (one mapping call each time a fill passes what is mapped, which
 *    doubles), not in every one: left to faults, every fill of the first round
 *    took some (at p = 2, 36 of the first 40 supersteps on a two-core VM).
 * 3. Once every ring has gone round (the largest ring, 20 MiB, at the fill of
 *    this p), a steady run takes no faults: before the readers mapped the rings
 *    ahead, this counted about 5 faults a superstep at p = 4 on a two-core VM.
 *    The limit leaves room for a rare fault from elsewhere (a hinting fault of
 *    NUMA balancing), not for one per superstep.
 *
 * p processes (argument 1, default 4; "-v" after it prints the counts). Prints "PASS" from pid 0,
 * or each process's counts and FAIL. Prints "SKIP" where the kernel lacks MADV_POPULATE_READ (Linux
 * < 5.14): there the readers' faults stay. */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "minor_faults.h"

enum { kBytes = 64 * 1024, kFirstBytes = 16 * 1024, kPage = 4096, kSteady = 400 };
/* The largest ring a fill starts in (cache_ring_bytes: 16 MiB at most). */
static const long kLargestRing = 16L << 20;

static int kernel_can_populate(void) {
#ifdef MADV_POPULATE_READ
  void* page = mmap(NULL, kPage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) return 0;
  int ok = madvise(page, kPage, MADV_POPULATE_READ) == 0;
  munmap(page, kPage);
  return ok;
#else
  return 0;
#endif
}

/* One superstep: `bytes` to every other process. */
static void exchange(const char* src, char* dst, int bytes) {
  int p = bsp_nprocs(), me = bsp_pid();
  for (int k = 1; k < p; ++k) {
    int q = (me + k) % p;
    bsp_put(q, src + (size_t)q * kBytes, dst, me * kBytes, bytes);
  }
  bsp_sync();
}

/* ceil(log2(x)) for x >= 1 */
static int log2_up(long x) {
  int bits = 0;
  while ((1L << bits) < x) ++bits;
  return bits;
}

int main(int argc, char** argv) {
  int want = argc > 1 ? atoi(argv[1]) : 4;
  int verbose = argc > 2 && strcmp(argv[2], "-v") == 0; /* the counts, also on success */
  if (!kernel_can_populate()) {
    printf("SKIP: the kernel cannot populate mappings in advance (MADV_POPULATE_READ)\n");
    return 0;
  }
  bsp_begin(want);
  int p = bsp_nprocs(), me = bsp_pid();
  size_t total = (size_t)kBytes * (size_t)p;
  char* src = malloc(total);
  char* dst = malloc(total);
  long* counts = calloc((size_t)p * 3, sizeof(long));
  if (!src || !dst || !counts) bsp_abort("out of memory");
  memset(src, 'a' + me, total);
  memset(dst, 0, total);
  bsp_push_reg(dst, (int)total);
  bsp_push_reg(counts, p * 3 * (int)sizeof(long));
  bsp_sync();
  /* Small puts in both parities first: the mailboxes and buffers they fault in
   * are not the staging's. */
  for (int step = 0; step < 2; ++step) {
    long mark = me;
    bsp_put((me + 1) % p, &mark, dst, 0, sizeof mark);
    bsp_sync();
  }

  long before = minor_faults();
  exchange(src, dst, kFirstBytes);
  long first = minor_faults() - before;

  /* The fill of one superstep, and supersteps enough for every ring of both
   * parities to go round once. */
  long fill = (long)kBytes * (p - 1);
  long first_round = 2 * (kLargestRing / fill + 2);
  long faulting = 0;
  for (long step = 0; step < first_round; ++step) {
    before = minor_faults();
    exchange(src, dst, kBytes);
    faulting += minor_faults() > before;
  }

  before = minor_faults();
  for (int step = 0; step < kSteady; ++step) exchange(src, dst, kBytes);
  long steady = minor_faults() - before;

  for (int q = 0; q < p; ++q)
    if (q != me && dst[(size_t)q * kBytes + kBytes - 1] != 'a' + q)
      bsp_abort("wrong data from process %d", q);
  long mine[3] = {first, faulting, steady};
  bsp_put(0, mine, counts, me * 3 * (int)sizeof(long), sizeof mine);
  bsp_sync();
  if (me == 0) {
    /* 1: on each of the p rings, twice the fill's end (its puts and the cache
     * lines between them) in 64 KiB steps; and faults of anything else. */
    long first_fill = (long)(kFirstBytes + 64) * (p - 1), step = 64 * 1024;
    long first_limit = p * ((2 * first_fill + step - 1) / step * step / kPage) + 48;
    /* 2: a mapping call each time a fill passes what is mapped, on the writer
     * and, in the same superstep, on its readers: at most log2(ring / fill) + 2
     * per parity, and a few supersteps for faults of anything else. */
    long faulting_limit = 2 * (log2_up(kLargestRing / fill) + 2) + 4;
    int fail = 0;
    for (int q = 0; q < p; ++q)
      fail |= counts[3 * q] > first_limit || counts[3 * q + 1] > faulting_limit ||
              counts[3 * q + 2] > kSteady / 20;
    if (fail || verbose) {
      for (int q = 0; q < p; ++q)
        printf(
            "process %d: %ld faults in its first superstep of large puts (limit %ld), faults in "
            "%ld of the next %ld supersteps (limit %ld), %ld faults in %d steady supersteps "
            "(limit %d)\n",
            q, counts[3 * q], first_limit, counts[3 * q + 1], first_round, faulting_limit,
            counts[3 * q + 2], kSteady, kSteady / 20);
      if (fail) printf("FAIL\n");
    }
    if (!fail) {
      printf("PASS\n");
    }
  }
  bsp_end();
  free(counts);
  free(dst);
  free(src);
  return 0;
}
