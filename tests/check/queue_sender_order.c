/* Racy on purpose (bspcheck's corpus): process 0 prints the messages in the
 * order it dequeues them, assuming they arrive in sender order, which BSPlib
 * leaves open (Hill et al. 1998, §4). bspcheck finds that the output changes
 * when the queue is dequeued in another legal order. */
#include <bsp.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  int me = bsp_pid();
  bsp_send(0, NULL, &me, sizeof me);
  bsp_sync();
  if (me == 0) {
    int nmessages = 0, bytes = 0;
    bsp_qsize(&nmessages, &bytes);
    for (int k = 0; k < nmessages; ++k) {
      int from = -1;
      bsp_move(&from, sizeof from);
      printf("message %d came from process %d\n", k, from);
    }
  }
  bsp_end();
  return 0;
}
