/* MulticoreBSP's bsp_direct_get: the value is read at the call, not at the
 * sync, and is in dst as soon as the call returns. */
#include <mcbsp.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  bsp_pid_t p = bsp_nprocs();
  bsp_pid_t s = bsp_pid();
  int x[2] = {-1, -1};
  bsp_push_reg(x, sizeof x);
  bsp_sync();
  x[1] = 1000 + (int)s;
  bsp_sync(); /* every process has set its x[1] */
  int got = -1;
  bsp_direct_get((s + 1) % p, x, sizeof(int), &got, sizeof got);
  printf("process %u: direct_get from %u gave %d\n", s, (s + 1) % p, got);
  bsp_sync(); /* nobody changes x while others may still read it */
  bsp_pop_reg(x);
  bsp_end();
  return 0;
}
