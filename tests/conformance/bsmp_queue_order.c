/* The BSMP queue is ordered by source pid, then send order, whatever order the sends were
 * issued to different destinations in. Every process sends a varying number of messages to
 * every process, interleaving destinations. */
#include <stdio.h>

#include "spmd_check.h"

static int count(int source, int dest) { return 1 + (source * 3 + dest) % 4; }

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();

  int max = 4;
  for (int k = 0; k < max; k++) {
    for (int t = 0; t < p; t++) {
      int dest = (pid + p - t) % p; /* a pid-dependent destination order */
      if (k < count(pid, dest)) {
        int payload[2] = {pid, k};
        bsp_send(dest, NULL, payload, sizeof payload);
      }
    }
  }
  bsp_sync();

  int n, nbytes, expected = 0;
  for (int s = 0; s < p; s++) expected += count(s, pid);
  bsp_qsize(&n, &nbytes);
  CHECK_EQ(n, expected, "messages received");
  for (int s = 0; s < p; s++) {
    for (int k = 0; k < count(s, pid); k++) {
      int payload[2] = {-1, -1};
      bsp_move(payload, sizeof payload);
      CHECK_EQ(payload[0], s, "the source of the next message");
      CHECK_EQ(payload[1], k, "the send index of the next message");
    }
  }
  bsp_end();
  printf("PASS\n");
  return 0;
}
