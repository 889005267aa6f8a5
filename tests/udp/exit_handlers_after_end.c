/* Every process registers an exit handler; the others' take 300 ms (as a
 * sanitizer's leak check at exit may) and then say so, process 0's does
 * nothing, and process 0 exits with status 1 right after bsp_end. Under the
 * udp engine every process is a whole program and runs its exit handlers: a
 * failing process 0 must not cut the others' short (bsprun kills the rest of a
 * job one second after process 0 failed). */
#define _POSIX_C_SOURCE 200809L
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int pid = -1;

static void handler(void) {
  if (pid == 0) return;
  struct timespec t = {0, 300 * 1000 * 1000};
  nanosleep(&t, NULL);
  printf("exit handler of process %d done\n", pid);
  fflush(stdout);
}

int main(void) {
  atexit(handler);
  bsp_begin(bsp_nprocs());
  pid = bsp_pid();
  bsp_end();
  return pid == 0 ? 1 : 0;
}
