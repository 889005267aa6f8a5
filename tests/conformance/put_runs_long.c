/* Long arrays written element by element, dealt in turn to every process (itself included),
 * over several supersteps: runs of consecutive puts far past one record of them, which an
 * implementation may carry other than in the stream (Superstep: in its staging ring). Every
 * element must arrive as if each call had been carried out on its own:
 *  - bsp_put reads its source at the call: the one variable each element is put from changes
 *    right after;
 *  - bsp_hpput runs (to odd targets), from an array that stays unchanged until the sync;
 *  - 16-byte elements in the middle of a run;
 *  - writes to the same bytes in issue order: after the runs, a put overwrites one element of
 *    each run;
 *  - and in source-pid order: every process writes a run into the same shared slice of every
 *    target, which must end up holding the highest pid's values. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "spmd_check.h"

#define RUN 12000   /* elements per source and target: 96,000 bytes */
#define SHARED 1500 /* elements of the slice every source writes: 12,000 bytes */
#define MAXP 8
#define SUPERSTEPS 3

static uint64_t a[MAXP * RUN], z[SHARED], src[RUN];

static uint64_t value(int step, int source, int i) {
  return (uint64_t)step << 56 | (uint64_t)source << 40 | (uint64_t)(i * 3 + 1);
}
static uint64_t overwritten(int step, int source, int i) {
  return value(step, source, i) ^ 0xffff0000u;
}
static int overwrite_at(int step) { return (step * 4099 + 777) % RUN; }

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  if (p > MAXP) bsp_abort("at most %d processes", MAXP);
  bsp_push_reg(a, sizeof a);
  bsp_push_reg(z, sizeof z);
  bsp_sync();

  for (int step = 0; step < SUPERSTEPS; step++) {
    for (int i = 0; i < RUN; i++) src[i] = value(step, pid, i);
    int base = pid * RUN * (int)sizeof(uint64_t);
    for (int i = 0; i < RUN; i++) {
      int pair = i % 1000 == 500 && i + 1 < RUN; /* two elements at once, mid-run */
      for (int t = 0; t < p; t++) {
        int target = (pid + t) % p, at = base + i * (int)sizeof(uint64_t);
        if (pair) {
          (target % 2 ? bsp_hpput : bsp_put)(target, &src[i], a, at, 16);
        } else if (target % 2) {
          bsp_hpput(target, &src[i], a, at, 8);
        } else {
          uint64_t v = value(step, pid, i);
          bsp_put(target, &v, a, at, 8);
        }
      }
      i += pair;
    }
    for (int t = 0; t < p; t++) {
      uint64_t v = overwritten(step, pid, overwrite_at(step));
      bsp_put(t, &v, a, base + overwrite_at(step) * (int)sizeof(uint64_t), 8);
    }
    for (int t = 0; t < p; t++)
      for (int i = 0; i < SHARED; i++) {
        uint64_t v = value(step, pid, i);
        bsp_put(t, &v, z, i * (int)sizeof(uint64_t), 8);
      }
    bsp_sync();

    for (int s = 0; s < p; s++)
      for (int i = 0; i < RUN; i++) {
        uint64_t want = i == overwrite_at(step) ? overwritten(step, s, i) : value(step, s, i);
        CHECK_EQ(a[s * RUN + i], want, "an element of a run");
      }
    for (int i = 0; i < SHARED; i++) CHECK_EQ(z[i], value(step, p - 1, i), "the shared slice");
    bsp_sync(); /* nobody writes the next superstep's values before everyone has checked */
  }

  bsp_pop_reg(z);
  bsp_pop_reg(a);
  bsp_sync();
  bsp_end();
  printf("PASS\n");
  return 0;
}
