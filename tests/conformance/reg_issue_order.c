/* Pushes and pops of one superstep are applied in issue order, and a pop removes the newest
 * slot holding the address in that view:
 *   - pop(x); push(x, bigger) replaces the registration: the bigger size is in effect;
 *   - push(x); pop(x) is a no-op: the slot sequence, and so which remote variable a put to x
 *     reaches, is unchanged.
 * Process 0 registers (x, y) and the others (y, x), so slot positions are visible in where a
 * put lands. */
#include <stdio.h>

#include "spmd_check.h"

#define N 4
static int x[N], y[N];

static void clear(void) {
  for (int i = 0; i < N; i++) x[i] = y[i] = -1;
}

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), target = (pid + 1) % p, source = (pid + p - 1) % p;
  int *first = pid == 0 ? x : y, *second = pid == 0 ? y : x;

  bsp_push_reg(first, sizeof(int));      /* slot 0 */
  bsp_push_reg(second, N * sizeof(int)); /* slot 1 */
  bsp_sync();

  /* Replace: slot 0 now holds `first` with size N ints, at the end of the sequence. */
  bsp_pop_reg(first);
  bsp_push_reg(first, N * sizeof(int));
  /* No-op on the slot sequence. */
  bsp_push_reg(second, sizeof(int));
  bsp_pop_reg(second);
  bsp_sync();

  /* Sequence now: slot 1 = second, slot 2 = first (size N). A put into x at offset N-1 is
   * legal only if the bigger registration is in effect. */
  clear();
  int value = 40 + pid;
  bsp_put(target, &value, x, (N - 1) * sizeof(int), sizeof value);
  bsp_sync();
  /* x is `first` on process 0 and `second` elsewhere; the remote partner of a slot is what
   * the target has in it. */
  int source_x_is_first = source == 0;
  int *expect_in = source_x_is_first ? first : second;
  int *other = expect_in == x ? y : x;
  CHECK_EQ(expect_in[N - 1], 40 + source, "the put's destination");
  CHECK_EQ(other[N - 1], -1, "the other variable");

  bsp_pop_reg(first);
  bsp_pop_reg(second);
  bsp_sync();
  bsp_end();
  printf("PASS\n");
  return 0;
}
