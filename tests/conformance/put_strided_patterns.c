/* Arrays dealt out element by element at a constant distance, as an FFT's permutation does
 * (cyclic to block: element j of process s goes to process (j p + s) / m, at element
 * (j p + s) mod m), which an implementation may carry as one record per pattern (Superstep: a
 * strided record). Every element must arrive as if each call had been carried out on its own:
 *  - elements of 4, 8, 16, 24, 64 and 72 bytes, each from one variable that changes right after
 *    the put (bsp_put reads its source at the call);
 *  - writes to the same bytes in issue order: a put before a pattern into one of its elements
 *    loses to the pattern, a put after it wins;
 *  - and in source-pid order: every process writes the same pattern into one slice of every
 *    target, which must end up holding the highest pid's values;
 *  - with a message after each pattern, which the queue must find between the records;
 *  - over several supersteps. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "spmd_check.h"

#define M 2048 /* elements per process in the permutation */
#define MAXP 8
#define WORDS 9  /* the largest element: 72 bytes */
#define SLOTS 64 /* elements of the shared slice, at a distance of two elements */
#define SUPERSTEPS 3
#define NSIZES 6
#define E 7 /* elements per pattern */

static const int sizes[NSIZES] = {4, 8, 16, 24, 64, 72};
static uint64_t perm[M][2];                         /* 16-byte elements, block distribution */
static uint64_t wide[MAXP * NSIZES * E * 2][WORDS]; /* elements of 4..72 bytes, every other slot */
static uint64_t shared_slice[2 * SLOTS][WORDS];     /* written by everybody */

/* The slot of element i of `source`'s pattern of sizes[s]-byte elements. */
static int slot_of(int source, int s, int i) { return 2 * ((source * NSIZES + s) * E + i); }

static uint64_t value(int step, int source, int i, int w) {
  return (uint64_t)step << 56 | (uint64_t)source << 44 | (uint64_t)i << 8 | (uint64_t)w;
}

/* What element i of `source`'s pattern of `bytes`-byte elements holds, word w (a 4-byte
 * element holds the low half of word 0). */
static uint64_t expected_word(int step, int source, int i, int bytes, int w) {
  uint64_t v = value(step, source, i + 100 * bytes, w);
  return bytes == 4 ? (v & 0xffffffffu) : v;
}

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  if (p > MAXP) bsp_abort("at most %d processes", MAXP);
  bsp_push_reg(perm, sizeof perm);
  bsp_push_reg(wide, sizeof wide);
  bsp_push_reg(shared_slice, sizeof shared_slice);
  bsp_sync();

  int m = M;
  for (int step = 0; step < SUPERSTEPS; step++) {
    memset(wide, 0, sizeof wide);
    memset(shared_slice, 0, sizeof shared_slice);
    bsp_sync();

    /* The FFT's permutation: global element j * p + pid, from one variable. */
    for (int j = 0; j < m; j++) {
      int sigma = j * p + pid;
      uint64_t v[2] = {value(step, pid, j, 0), value(step, pid, j, 1)};
      bsp_put(sigma / m, v, perm, (sigma % m) * 16, 16);
      v[0] = v[1] = 0;
    }
    /* Patterns of every size into every process, every other slot of this pid's part. */
    for (int t = 0; t < p; t++)
      for (int s = 0; s < NSIZES; s++) {
        int bytes = sizes[s];
        for (int i = 0; i < E; i++) {
          uint64_t e[WORDS];
          for (int w = 0; w < WORDS; w++) e[w] = expected_word(step, pid, i, bytes, w);
          if (i == 3) { /* element 5 written before its pattern reaches it: the pattern wins */
            uint64_t early[WORDS];
            memset(early, 0xab, sizeof early);
            bsp_put(t, early, wide, slot_of(pid, s, 5) * (int)sizeof wide[0], bytes);
          }
          bsp_put(t, e, wide, slot_of(pid, s, i) * (int)sizeof wide[0], bytes);
          memset(e, 0, sizeof e);
        }
        /* A message after each pattern: the queue steps over the strided records between. */
        uint64_t message = value(step, pid, s, 99);
        bsp_send(t, NULL, &message, sizeof message);
      }
    /* After the patterns: element 2 of each overwritten (the later put wins). */
    for (int t = 0; t < p; t++)
      for (int s = 0; s < NSIZES; s++) {
        uint64_t late[WORDS];
        memset(late, 0xcd, sizeof late);
        bsp_put(t, late, wide, slot_of(pid, s, 2) * (int)sizeof wide[0], sizes[s]);
      }
    /* The same pattern from everybody into the shared slice. */
    for (int t = 0; t < p; t++)
      for (int i = 0; i < SLOTS; i++) {
        uint64_t e[2] = {value(step, pid, i, 0), value(step, pid, i, 1)};
        bsp_put(t, e, shared_slice, 2 * i * (int)sizeof shared_slice[0], 16);
      }
    bsp_sync();

    for (int k = 0; k < m; k++) {
      int sigma = pid * m + k, source = sigma % p, j = sigma / p;
      CHECK_EQ(perm[k][0], value(step, source, j, 0), "a permuted element");
      CHECK_EQ(perm[k][1], value(step, source, j, 1), "a permuted element's second word");
    }
    for (int src = 0; src < p; src++)
      for (int s = 0; s < NSIZES; s++) {
        int bytes = sizes[s];
        for (int i = 0; i < E; i++) {
          int slot = slot_of(src, s, i);
          unsigned char want[WORDS * 8];
          static const uint64_t zero[WORDS];
          memset(want, 0, sizeof want);
          if (i == 2) {
            memset(want, 0xcd, (size_t)bytes);
          } else {
            uint64_t e[WORDS];
            for (int w = 0; w < WORDS; w++) e[w] = expected_word(step, src, i, bytes, w);
            memcpy(want, e, (size_t)bytes);
          }
          CHECK(memcmp(wide[slot], want, sizeof want) == 0);
          CHECK(memcmp(wide[slot + 1], zero, sizeof zero) == 0); /* between two elements */
        }
      }
    for (int i = 0; i < SLOTS; i++) {
      CHECK_EQ(shared_slice[2 * i][0], value(step, p - 1, i, 0), "the shared slice");
      CHECK_EQ(shared_slice[2 * i][1], value(step, p - 1, i, 1), "the shared slice");
    }
    int messages = 0;
    bsp_qsize(&messages, NULL);
    CHECK_EQ(messages, p * NSIZES, "the number of messages");
    for (int src = 0; src < p; src++) /* source-pid order, then send order */
      for (int s = 0; s < NSIZES; s++) {
        uint64_t message = 0;
        bsp_move(&message, sizeof message);
        CHECK_EQ(message, value(step, src, s, 99), "a message between patterns");
      }
    bsp_sync(); /* nobody writes the next superstep's values before everyone has checked */
  }

  bsp_pop_reg(shared_slice);
  bsp_pop_reg(wide);
  bsp_pop_reg(perm);
  bsp_sync();
  bsp_end();
  printf("PASS\n");
  return 0;
}
