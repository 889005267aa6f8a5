/* bsp_end acts as a final sync: a put issued in the superstep that bsp_end
 * ends must reach process 0, which returns from bsp_end and checks it.
 *
 * Found by the differential tests. The other processes leave bsp_end as soon
 * as their own part of the final sync is done; when one exits before process
 * 0 has read the data it sent, process 0 cannot read it any more, waits 2 s
 * and exits with status 1 and no message. The race is lost most of the time
 * when the processes exit quickly, as this small program does; CTest runs it
 * many times. */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  bsp_begin(6);
  int p = bsp_nprocs(), pid = bsp_pid();
  int *delivered = malloc(sizeof(int) * (size_t)p);
  for (int q = 0; q < p; ++q) delivered[q] = -1;
  bsp_push_reg(delivered, p * (int)sizeof(int));
  bsp_sync();
  int mine = pid + 1;
  bsp_put(0, &mine, delivered, pid * (int)sizeof(int), sizeof(int));
  bsp_end();
  for (int q = 0; q < p; ++q)
    if (delivered[q] != q + 1) {
      fprintf(stderr, "the put from process %d was not delivered by bsp_end\n", q);
      return 1;
    }
  free(delivered);
  return 0;
}
