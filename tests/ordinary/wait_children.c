/* Process 0 reaps its own children the ordinary way while the other BSP processes run
 * (argv[1]): "wait_all": `while (wait(NULL) > 0)` after starting two helpers must return
 * once the two helpers ended; "wait_one": wait(&status) must return a helper, never a BSP
 * process; "sigchld_ignored": with SIGCHLD ignored by the program, the last process is killed
 * in superstep 2 and the run must stop with the usual report (tested with expect_run). */
#include <bsp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "spmd_check.h"

static pid_t start_helper(int code) {
  pid_t child = fork();
  if (child == 0) _exit(code);
  return child;
}

int main(int argc, char *argv[]) {
  if (argc != 2) return 2;
  const char *variant = argv[1];
  if (strcmp(variant, "sigchld_ignored") == 0) signal(SIGCHLD, SIG_IGN);
  bsp_begin(bsp_nprocs());
  bsp_sync();
  if (bsp_pid() == 0 && strcmp(variant, "wait_all") == 0) {
    start_helper(0);
    start_helper(0);
    int reaped = 0;
    while (wait(NULL) > 0) ++reaped;
    CHECK_EQ(reaped, 2, "children reaped by wait()");
  }
  if (bsp_pid() == 0 && strcmp(variant, "wait_one") == 0) {
    pid_t helper = start_helper(7);
    int status = 0;
    pid_t got = wait(&status);
    CHECK_EQ(got, helper, "pid returned by wait()");
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 7);
  }
  bsp_sync();
  if (strcmp(variant, "sigchld_ignored") == 0 && bsp_pid() == bsp_nprocs() - 1) raise(SIGKILL);
  bsp_sync();
  bsp_end();
  printf("PASS\n");
  return 0;
}
