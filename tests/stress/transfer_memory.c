/* What one large transfer adds to each process's resident memory, at p = 2: a bsp_hpput from
 * process 0 into process 1's area, a bsp_hpget by process 1 from process 0's, a bsp_put from
 * process 0 into process 1's, and a bsp_send from process 0 that process 1 moves into its area
 * with bsp_move, each of the given size (default 512 MiB), each in a
 * registration of its own (so that no area is shared between the processes yet: the first
 * transfer into an area, as a program's one large redistribution is). The peak of each process
 * is read with getrusage after a reset (5 into /proc/self/clear_refs), less what it held before
 * the transfer. The bounds: an unbuffered transfer of any size adds at most 64 MiB (it reads
 * its source in place, or stages at most the cache ring's share); a bsp_put at most one copy of
 * its data and the same 64 MiB (the staged copy, which the receiver maps too: shared pages count
 * in every process that maps them); a bsp_send, whose payload is copied at the call, the same
 * (copying its stream once more at the sync, into the sender's mailbox, made it two copies).
 * Every transfer's data is checked.
 *   transfer_memory [mib] [-v]    prints PASS, or each figure and FAIL; -v prints them anyway. */
#include <bsp.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

enum { kKinds = 4 };
static const char *const kNames[kKinds] = {"bsp_hpput", "bsp_hpget", "bsp_put", "bsp_send"};
static const long kSlack = 64L << 20;
static const long kNoPeak = LONG_MIN; /* the peak could not be reset */

static char pattern(size_t i) { return (char)(i * 7 + (i >> 12) + 1); }

/* Bytes of resident memory now (VmRSS) and at the peak since the last reset (ru_maxrss). */
static long resident_now(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  long kib = -1;
  if (!f) return -1;
  while (fgets(line, sizeof line, f))
    if (strncmp(line, "VmRSS:", 6) == 0 && sscanf(line + 6, "%ld", &kib) == 1) break;
  fclose(f);
  return kib < 0 ? -1 : kib << 10;
}
static int reset_peak(void) {
  FILE *f = fopen("/proc/self/clear_refs", "w");
  if (!f) return 0;
  int ok = fputs("5", f) >= 0;
  return fclose(f) == 0 && ok;
}
static long peak_since_reset(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss << 10;
}

/* One transfer of kind k of `bytes` into a fresh registration of `area`: the bytes it added. */
static long one_transfer(int k, char *area, char *src, size_t bytes) {
  int me = bsp_pid();
  bsp_push_reg(area, (int)bytes);
  if (me == 1) memset(area, 0, bytes);
  bsp_sync();
  int reset = reset_peak();
  long before = resident_now();
  if (k == 0 && me == 0) bsp_hpput(1, src, area, 0, (int)bytes);
  if (k == 1 && me == 1) bsp_hpget(0, area, 0, area, (int)bytes);
  if (k == 2 && me == 0) bsp_put(1, src, area, 0, (int)bytes);
  if (k == 3 && me == 0) bsp_send(1, NULL, src, (int)bytes);
  bsp_sync();
  if (k == 3 && me == 1) bsp_move(area, (int)bytes);
  long added = peak_since_reset() - before;
  /* Process 0's area is the hpget's source: its pattern; process 1's receives every kind. */
  if (me == 1)
    for (size_t i = 0; i < bytes; ++i)
      if (area[i] != pattern(i)) bsp_abort("%s delivered a wrong byte %zu", kNames[k], i);
  bsp_pop_reg(area);
  bsp_sync();
  return reset ? added : kNoPeak;
}

int main(int argc, char **argv) {
  long mib = 512;
  int verbose = 0;
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "-v") == 0)
      verbose = 1;
    else if ((mib = atol(argv[i])) < 1 || mib > 1024) {
      fprintf(stderr, "transfer_memory: the size is 1 to 1024 MiB, not '%s'\n", argv[i]);
      return 2;
    }
  }
  const size_t bytes = (size_t)mib << 20;
  bsp_begin(2);
  int me = bsp_pid();
  char *area = malloc(bytes), *src = malloc(bytes);
  long mine[kKinds], all[2 * kKinds];
  if (!area || !src) bsp_abort("transfer_memory: out of memory");
  for (size_t i = 0; i < bytes; ++i) src[i] = pattern(i);
  memcpy(area, src, bytes); /* process 0's area is the hpget's source */
  bsp_push_reg(all, (int)sizeof all);
  bsp_sync();
  for (int k = 0; k < kKinds; ++k) mine[k] = one_transfer(k, area, src, bytes);
  bsp_put(0, mine, all, me * (int)sizeof mine, (int)sizeof mine);
  bsp_sync();
  if (me == 0) {
    int fail = 0, skip = 0;
    for (int q = 0; q < 2; ++q)
      for (int k = 0; k < kKinds; ++k) {
        long added = all[q * kKinds + k], bound = (k >= 2 ? (long)bytes : 0) + kSlack;
        skip |= added == kNoPeak;
        fail |= added > bound;
        if (verbose || added > bound)
          printf("process %d, %s of %ld MiB: %.1f MiB added, at most %ld\n", q, kNames[k], mib,
                 added / 1048576.0, bound >> 20);
      }
    printf(skip ? "SKIP: /proc/self/clear_refs cannot reset the peak here\n"
                : fail ? "FAIL\n" : "PASS\n");
  }
  bsp_end();
  return 0;
}
