/* A bsp_hpput lands while its destination is in the sync, never while it computes
 * (DESIGN.md, "Choices where the paper leaves one open").
 *
 * The paper (§3.2) lets an hp transfer take effect at any time in its superstep, but programs
 * commonly read, in superstep k + 1, what an hpput delivered at the end of superstep k, while
 * the next hpput into the same area is already under way: a copy made at the issuer's call
 * would change the area under that computation. Here every process hpputs kBytes into the
 * next one's area in each round and then, before its own bsp_sync, watches its area for
 * kWatchSeconds: it must still hold the last round's bytes. Then, after the sync, the new ones.
 * The first rounds make the area shared (large hp transfers then copy straight into it, the
 * path that could land early); the last ones use it.
 *
 * Every engine runs it: none lands an hpput early. */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spmd_check.h"

enum { kInts = 16 * 1024, kBytes = kInts * (int)sizeof(int), kRounds = 8 };
static const double kWatchSeconds = 0.02;

/* kBytes on whole pages: all of the area can be shared. */
static int* page_aligned(void) {
  void* block = NULL;
  CHECK(posix_memalign(&block, 4096, kBytes) == 0);
  return block;
}

static int pattern(int round, int from, int i) { return round * 1000003 + from * 7919 + i + 1; }

/* Whether `area` holds `from`'s pattern of `round` (first, middle and last int); -1: zeros. */
static int holds(volatile const int* area, int round, int from) {
  if (round < 0) return area[0] == 0 && area[kInts / 2] == 0 && area[kInts - 1] == 0;
  return area[0] == pattern(round, from, 0) && area[kInts / 2] == pattern(round, from, kInts / 2) &&
         area[kInts - 1] == pattern(round, from, kInts - 1);
}

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), next = (pid + 1) % p, previous = (pid + p - 1) % p;
  int *area = page_aligned(), *mine = page_aligned();
  memset(area, 0, kBytes);
  bsp_push_reg(area, kBytes);
  bsp_sync();

  for (int round = 0; round < kRounds; round++) {
    for (int i = 0; i < kInts; i++) mine[i] = pattern(round, pid, i);
    bsp_hpput(next, mine, area, 0, kBytes);
    double until = bsp_time() + kWatchSeconds;
    do {
      if (!holds(area, round - 1, previous))
        bsp_abort(
            "hp_lands_in_sync: process %d, round %d: its area changed before its bsp_sync "
            "(process %d's bsp_hpput landed while it computed)",
            pid, round, previous);
      sched_yield();
    } while (bsp_time() < until);
    bsp_sync();
    CHECK(holds(area, round, previous));
  }

  bsp_pop_reg(area);
  bsp_sync();
  bsp_end();
  free(area);
  free(mine);
  if (pid == 0) printf("PASS\n");
  return 0;
}
