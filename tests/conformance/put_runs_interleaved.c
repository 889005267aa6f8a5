/* Arrays written element by element, as programs do, with everything else a superstep may
 * carry in between. Every process writes its own slice of every process's array A, one
 * element at a time (8 bytes, sometimes 16 at once, sometimes two 4-byte halves, alternately
 * with bsp_put and bsp_hpput, past the size at which an implementation may start a new record
 * of consecutive puts), and between the elements sends messages to the same process, puts into
 * another registration there, asks it for a get, and pops a registration. Every element, every
 * message and every get must arrive as if each call had been carried out on its own. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "spmd_check.h"

#define SLICE 600 /* elements per source: 4800 bytes */
#define MAXP 16

static uint64_t a[MAXP * SLICE], b[MAXP], c[4], d[4];

static uint64_t value(int source, int i) { return (uint64_t)source << 32 | (uint64_t)(i * 7 + 1); }

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  if (p > MAXP) bsp_abort("at most %d processes", MAXP);
  for (int k = 0; k < 4; k++) c[k] = 1000 * (uint64_t)pid + (uint64_t)k;
  bsp_push_reg(a, sizeof a);
  bsp_push_reg(b, sizeof b);
  bsp_push_reg(c, sizeof c);
  bsp_push_reg(d, sizeof d);
  bsp_sync();

  uint64_t mine[SLICE + 1], got[MAXP] = {0};
  for (int i = 0; i < SLICE; i++) mine[i] = value(pid, i);
  for (int t = 0; t < p; t++) {
    int target = (pid + t) % p;
    int base = pid * SLICE * (int)sizeof(uint64_t);
    for (int i = 0; i < SLICE; i++) {
      /* Between element i - 1 and element i (i, not i + 1, of a 16-byte put). */
      if (i % 50 == 1) bsp_send(target, NULL, &mine[i], sizeof(uint64_t));
      if (i % 90 == 2) bsp_put(target, &mine[i], b, pid * (int)sizeof(uint64_t), 8);
      if (i == 301) bsp_get(target, c, 8, &got[target], 8);
      if (i == 402 && t == 0) bsp_pop_reg(d);
      int at = base + i * (int)sizeof(uint64_t);
      void (*put)(int, const void *, void *, int, int) = (i / 3) % 2 ? bsp_hpput : bsp_put;
      if (i % 7 == 0 && i + 1 < SLICE) { /* two elements at once */
        put(target, &mine[i], a, at, 16);
        i++;
      } else if (i % 13 == 0) { /* two halves */
        put(target, &mine[i], a, at, 4);
        put(target, (char *)&mine[i] + 4, a, at + 4, 4);
      } else {
        put(target, &mine[i], a, at, 8);
      }
    }
  }
  bsp_sync();

  for (int s = 0; s < p; s++)
    for (int i = 0; i < SLICE; i++) CHECK_EQ(a[s * SLICE + i], value(s, i), "an element of a");
  for (int s = 0; s < p; s++) {
    int last = 0; /* the last i (i % 90 == 2) that put into b */
    for (int i = 0; i < SLICE; i++)
      if (i % 90 == 2 && !(i % 7 == 1 && i > 0)) last = i;
    CHECK_EQ(b[s], value(s, last), "the last put into b");
  }
  for (int q = 0; q < p; q++) CHECK_EQ(got[q], 1000 * (uint64_t)q + 1, "a get");
  int messages = 0;
  bsp_qsize(&messages, NULL);
  int expected = 0;
  for (int s = 0; s < p; s++) /* source-pid order, then send order */
    for (int i = 0; i < SLICE; i++) {
      if (i % 7 == 1 && i > 0) continue; /* the second element of a 16-byte put */
      if (i % 50 != 1) continue;
      uint64_t m = 0;
      bsp_move(&m, sizeof m);
      CHECK_EQ(m, value(s, i), "a message");
      expected++;
    }
  CHECK_EQ(messages, expected, "the number of messages");

  bsp_pop_reg(c);
  bsp_pop_reg(b);
  bsp_pop_reg(a);
  bsp_sync();
  bsp_end();
  printf("PASS\n");
  return 0;
}
