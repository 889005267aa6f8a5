/* Runs until it is killed: process 0 says "ready" once every process has passed the first
 * sync, then all processes keep syncing. The test kills process 0 with SIGKILL from outside
 * and checks that the other processes and the shared memory go away. */
#define _POSIX_C_SOURCE 199309L
#include <bsp.h>
#include <stdio.h>
#include <time.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  bsp_sync();
  if (bsp_pid() == 0) {
    printf("ready\n");
    fflush(stdout);
  }
  for (;;) {
    struct timespec pause = {0, 1000000};
    nanosleep(&pause, NULL);
    bsp_sync();
  }
}
