/*
 * drma.c - direct remote memory access: registration, bsp_put and bsp_get
 * (paper section 3).
 *
 * A variable can be written or read by another process only after every
 * process has registered its own copy with bsp_push_reg, and a registration
 * takes effect at the next bsp_sync. Then:
 *   bsp_put(pid, src, dst, offset, n) copies n bytes from our src into the
 *     registered dst of process pid, at byte offset; the source is copied at
 *     the call, the destination written at the next bsp_sync;
 *   bsp_get(pid, src, offset, dst, n) copies from the registered src of
 *     process pid into our dst; the source is read at the next bsp_sync.
 *
 * Here every process puts the square of its pid into slot pid of an array on
 * process 0, and gets the square of its right neighbour.
 */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs();
  int s = bsp_pid();

  int square = s * s;
  int right_square = -1;
  int *squares = calloc((size_t)p, sizeof(int)); /* only process 0's copy is filled */
  if (squares == NULL) bsp_abort("drma: no memory for %d ints\n", p);

  bsp_push_reg(&square, sizeof square);
  bsp_push_reg(squares, p * (int)sizeof(int));
  bsp_sync(); /* superstep 0 ends: both registrations can be used from now on */

  bsp_put(0, &square, squares, s * (int)sizeof(int), sizeof square);
  bsp_get((s + 1) % p, &square, 0, &right_square, sizeof right_square);
  bsp_sync(); /* superstep 1 ends: the put and the get have happened */

  printf("process %d: the square of my right neighbour %d is %d\n", s, (s + 1) % p, right_square);
  if (s == 0) {
    printf("process 0 gathered:");
    for (int i = 0; i < p; ++i) printf(" %d", squares[i]);
    printf("\n");
  }

  /* Take the registrations away again (in the reverse order is customary,
   * any order works); they are gone after the next sync, here bsp_end. */
  bsp_pop_reg(squares);
  bsp_pop_reg(&square);
  bsp_end();
  free(squares);
  return 0;
}
