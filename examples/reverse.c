/*
 * reverse.c - the paper's reverse function (section 3.2.2) as a program.
 *
 * reverse is collective: every process calls it in the same superstep, and
 * process i gets the x of process p-1-i. It registers its own parameter x,
 * and puts x into x on the mirror process: that is safe because bsp_put
 * copies its source at the call and writes its destination only at the sync.
 * The bsp_pop_reg takes effect at the next sync, after which the
 * registrations are as they were before the call.
 */
#include <bsp.h>
#include <stdio.h>

int reverse(int x) {
  bsp_push_reg(&x, sizeof(int));
  bsp_sync();

  bsp_put(bsp_nprocs() - bsp_pid() - 1, &x, &x, 0, sizeof(int));
  bsp_sync();
  bsp_pop_reg(&x);
  return x;
}

int main(void) {
  bsp_begin(bsp_nprocs());
  int x = 100 + bsp_pid();
  int reversed = reverse(x);
  printf("process %d: reverse(%d) = %d\n", bsp_pid(), x, reversed);
  bsp_end();
  return 0;
}
