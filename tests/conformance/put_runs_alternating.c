/* Arrays written element by element to several processes in turn, as a cyclic distribution
 * does: element i of every process's source goes to process (pid + i) % p, each process's
 * elements consecutive in its slice there, so that every destination's puts continue the last
 * put to that destination while puts to others come in between. Between the elements: a put
 * that overwrites an element written earlier in the same superstep (the later write must win),
 * messages and gets to one of the processes, puts into the process itself, and a push and a pop
 * of another registration. Every element, message and get must arrive as if each call had been
 * carried out on its own. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "spmd_check.h"

#define ELEMENTS 4000 /* per source: past the size of one record of consecutive puts per target */
#define MAXP 16
#define SLICE ELEMENTS /* the most elements one source sends one target (p = 1) */

static uint64_t a[MAXP * SLICE], c[4], d[4], e[4];

static uint64_t value(int source, int i) { return (uint64_t)source << 32 | (uint64_t)(i * 5 + 3); }
static uint64_t overwritten(int source, int i) { return value(source, i) ^ 0xffff0000u; }

/* Where element i of `source` lands on its target: slot k of the source's slice there. */
static int slot_of(int i, int p) { return i / p; }

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  if (p > MAXP) bsp_abort("at most %d processes", MAXP);
  for (int k = 0; k < 4; k++) c[k] = 1000 * (uint64_t)pid + (uint64_t)k;
  bsp_push_reg(a, sizeof a);
  bsp_push_reg(c, sizeof c);
  bsp_push_reg(d, sizeof d);
  bsp_sync();

  static uint64_t mine[ELEMENTS];
  uint64_t got[MAXP] = {0};
  for (int i = 0; i < ELEMENTS; i++) mine[i] = value(pid, i);
  const int slice_bytes = SLICE * (int)sizeof(uint64_t);
  const int witness = (pid + 1) % p; /* the process that gets the messages and gets */
  for (int i = 0; i < ELEMENTS; i++) {
    int target = (pid + i) % p;
    int at = pid * slice_bytes + slot_of(i, p) * (int)sizeof(uint64_t);
    if (i % 97 == 5) bsp_send(witness, NULL, &mine[i], sizeof(uint64_t));
    if (i == 1201) bsp_get(witness, c, 8, &got[witness], 8);
    if (i == 2002) bsp_push_reg(e, sizeof e);
    if (i == 2503) bsp_pop_reg(d);
    if (i % 211 == 17 && i >= p) {
      /* Overwrites the element that went to this target p elements ago, in place. */
      int before = i - p;
      uint64_t v = overwritten(pid, before);
      int at_before = pid * slice_bytes + slot_of(before, p) * (int)sizeof(uint64_t);
      bsp_put(target, &v, a, at_before, (int)sizeof v);
    }
    void (*put)(int, const void *, void *, int, int) = (i / 5) % 2 ? bsp_hpput : bsp_put;
    put(target, &mine[i], a, at, 8);
    mine[i] = 0; /* bsp_put and small bsp_hpput read the source at the call */
  }
  bsp_sync();

  for (int s = 0; s < p; s++)
    for (int i = 0; i < ELEMENTS; i++) {
      if ((s + i) % p != pid) continue;
      int j = i + p; /* the element whose put overwrote this one, if any */
      int later_overwrote = j < ELEMENTS && j % 211 == 17;
      uint64_t want = later_overwrote ? overwritten(s, i) : value(s, i);
      CHECK_EQ(a[s * SLICE + slot_of(i, p)], want, "an element of a");
    }
  CHECK_EQ(got[witness], 1000 * (uint64_t)witness + 1, "a get");
  int from = (pid + p - 1) % p; /* the process whose witness this one is */
  int messages = 0, expected = 0;
  bsp_qsize(&messages, NULL);
  for (int i = 0; i < ELEMENTS; i++)
    if (i % 97 == 5) expected++;
  CHECK_EQ(messages, expected, "the number of messages");
  for (int i = 0; i < ELEMENTS; i++) {
    if (i % 97 != 5) continue;
    uint64_t m = 0;
    bsp_move(&m, sizeof m);
    CHECK_EQ(m, value(from, i), "a message");
  }

  bsp_pop_reg(e);
  bsp_pop_reg(c);
  bsp_pop_reg(a);
  bsp_sync();
  bsp_end();
  printf("PASS\n");
  return 0;
}
