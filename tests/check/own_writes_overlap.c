/* Racy on purpose (bspcheck's corpus): one process puts twice into the same
 * bytes of another in one superstep; the second wins where writes land in
 * program order, which Superstep guarantees and a port may not. */
#include <bsp.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  int me = bsp_pid(), p = bsp_nprocs();
  int cell[2] = {0, 0};
  int first = 1, second = 2;
  bsp_push_reg(cell, sizeof cell); /* REGISTERED */
  bsp_sync();
  bsp_put((me + 1) % p, &first, cell, 0, sizeof first);   /* PUT */
  bsp_put((me + 1) % p, &second, cell, 0, sizeof second); /* PUT AGAIN */
  bsp_sync(); /* SYNC */
  if (me == 0) printf("the cell holds %d\n", cell[0]);
  bsp_pop_reg(cell);
  bsp_end();
  return 0;
}
