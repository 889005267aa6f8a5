/* Makes a decision on an uninitialised value in the last process only, then ends normally.
 * Under valgrind memcheck with --error-exitcode, the run must fail: this is what shows that
 * errors in worker processes (forked, not exec'ed) are caught, not just those of pid 0. */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  if (bsp_pid() == bsp_nprocs() - 1) {
    /* Grown by realloc, so the compiler cannot see that the tail was never written. */
    int *buffer = (int *)malloc(sizeof(int));
    if (buffer != NULL) buffer[0] = 0;
    int *grown = buffer ? (int *)realloc(buffer, 16 * sizeof(int)) : NULL;
    if (grown == NULL) bsp_abort("valgrind_worker_error: out of memory");
    /* The uninitialised value decides a branch (a real jump, as it calls a function), which is
     * what memcheck reports. */
    if (grown[8] == 42) bsp_abort("valgrind_worker_error: the uninitialised value was 42");
    free(grown);
  }
  bsp_sync();
  bsp_end();
  printf("done\n");
  return 0;
}
