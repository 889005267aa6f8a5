/* bsp_abort prints its formatted message and stops every process without a barrier: the last
 * process aborts in superstep 2 while the others wait in bsp_sync, and the program exits
 * non-zero. The test expects exactly the message on stderr and nothing on stdout. */
#include <bsp.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  bsp_sync();
  bsp_sync();
  if (pid == p - 1) bsp_abort("abort test: value %d from process %d of %d", 42, pid, p);
  bsp_sync();
  bsp_end();
  printf("not reached\n");
  return 0;
}
