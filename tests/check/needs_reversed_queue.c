/* Racy on purpose (bspcheck's corpus): process 0 stops unless the first
 * message it dequeues came from the last process, as on a BSPlib whose queue
 * holds the newest messages first. Superstep's queue is in source order, so
 * the default run fails; it passes when the queue is dequeued in reverse.
 * bspcheck must name the queue order. */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  int me = bsp_pid();
  bsp_send(0, NULL, &me, sizeof me);
  bsp_sync();
  if (me == 0) {
    int from = -1;
    bsp_move(&from, sizeof from);
    if (from != bsp_nprocs() - 1) {
      fprintf(stderr, "needs_reversed_queue: the first message came from process %d\n", from);
      abort();
    }
    printf("the first message came from the last process\n");
  }
  bsp_end();
  return 0;
}
