/* Files built with either interface link into one program: the MulticoreBSP
 * declarations use symbols of their own. */
#include <mcbsp.h>
#include <stdio.h>

int classic_total(int mine);

int main(void) {
  bsp_begin(bsp_nprocs());
  bsp_pid_t s = bsp_pid();
  int total = classic_total(7);
  bsp_size_t status;
  bsp_get_tag(&status, NULL);
  printf("process %u: classic half gave %d, empty queue status is %s\n", s, total,
         status == SIZE_MAX ? "SIZE_MAX" : "not SIZE_MAX");
  bsp_end();
  return 0;
}
