/* Each process forks a helper inside the SPMD part; the helper ends with exit(0) (running the
 * exit handlers it inherited) and the process waits for it. A helper is the program's own
 * child, not a BSP process: its exit must not stop the run. One helper is forked the moment
 * bsp_begin returns, while an engine's own threads may still be starting (a child inherits no
 * thread, only the locks they held), one after a superstep. */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "spmd_check.h"

static void fork_helper_and_wait(void) {
  pid_t helper = fork();
  if (helper == 0) exit(0);
  CHECK(helper > 0);
  int status = -1;
  CHECK(waitpid(helper, &status, 0) == helper);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

int main(void) {
  bsp_begin(bsp_nprocs());
  fork_helper_and_wait();
  bsp_sync();
  fork_helper_and_wait();
  bsp_sync();
  bsp_end();
  printf("PASS\n");
  return 0;
}
