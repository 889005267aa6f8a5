/* Output of every process reaches stdout, also when it is still in the stdio buffer when the
 * process reaches bsp_end: each process prints LINES lines without flushing. The test counts
 * LINES * p lines and checks that each process's last line is there. */
#include <bsp.h>
#include <stdio.h>

#define LINES 20

int main(void) {
  bsp_begin(bsp_nprocs());
  int pid = bsp_pid();
  for (int i = 0; i < LINES; i++) printf("line %d from process %d\n", i, pid);
  bsp_sync();
  bsp_end();
  return 0;
}
