/* bsp_hpput and bsp_hpget may move data at any point up to the end of the superstep but must
 * be complete after bsp_sync. Sources are not changed and no other write touches the
 * destinations in that superstep, so the results are defined. Large transfers, several
 * supersteps. */
#include <stdio.h>
#include <stdlib.h>

#include "spmd_check.h"

#define N (64 * 1024) /* ints per array */

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), target = (pid + 1) % p, source = (pid + p - 1) % p;
  int *outbox = malloc(N * sizeof(int)), *inbox = malloc(N * sizeof(int));
  int *fetched = malloc(N * sizeof(int));
  CHECK(outbox != NULL && inbox != NULL && fetched != NULL);
  bsp_push_reg(outbox, N * sizeof(int));
  bsp_push_reg(inbox, N * sizeof(int));
  bsp_sync();

  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < N; i++) {
      outbox[i] = round * 100000 + pid * 1000 + i % 1000;
      inbox[i] = fetched[i] = -1;
    }
    bsp_sync(); /* everyone's outbox is ready before anyone reads it */
    bsp_hpput(target, outbox, inbox, 0, N * sizeof(int));
    bsp_hpget(target, outbox, 0, fetched, N * sizeof(int));
    bsp_sync();
    for (int i = 0; i < N; i++) {
      CHECK_EQ(inbox[i], round * 100000 + source * 1000 + i % 1000, "hpput data");
      CHECK_EQ(fetched[i], round * 100000 + target * 1000 + i % 1000, "hpget data");
    }
  }

  bsp_pop_reg(inbox);
  bsp_pop_reg(outbox);
  bsp_sync();
  free(fetched);
  free(inbox);
  free(outbox);
  bsp_end();
  printf("PASS\n");
  return 0;
}
