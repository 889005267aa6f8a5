/* Each process forks a helper inside the SPMD part; the helper ends with exit(0) (running the
 * exit handlers it inherited) and the process waits for it. A helper is the program's own
 * child, not a BSP process: its exit must not stop the run. */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "spmd_check.h"

int main(void) {
  bsp_begin(bsp_nprocs());
  bsp_sync();
  pid_t helper = fork();
  if (helper == 0) exit(0);
  CHECK(helper > 0);
  int status = -1;
  CHECK(waitpid(helper, &status, 0) == helper);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  bsp_sync();
  bsp_end();
  printf("PASS\n");
  return 0;
}
