/* A process that dies or vanishes in superstep 2 while the others wait in bsp_sync
 * (argv[1]): "sigkill" / "sigsegv": the last process raises the signal; "sigsegv_at_start": the
 * last process raises SIGSEGV in superstep 0, as soon as bsp_begin returns; "exit": the last
 * process calls exit(3); "return": the last process returns 0 from main; "pid0_return": process 0
 * returns 0 from main; "pid0_exit": process 0 calls exit(0). The library must stop the others
 * within a second with a message naming the process, the signal or status and the superstep. */
#include <bsp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char *argv[]) {
  if (argc != 2) return 2;
  const char *variant = argv[1];
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  int culprit = strncmp(variant, "pid0_", 5) == 0 ? 0 : p - 1;
  if (pid == culprit && strcmp(variant, "sigsegv_at_start") == 0) raise(SIGSEGV);
  bsp_sync();
  bsp_sync();
  if (pid == culprit) { /* superstep 2 */
    if (strcmp(variant, "sigkill") == 0) raise(SIGKILL);
    if (strcmp(variant, "sigsegv") == 0) raise(SIGSEGV);
    if (strcmp(variant, "exit") == 0) exit(3);
    if (strcmp(variant, "pid0_exit") == 0) exit(0);
    if (strcmp(variant, "return") == 0 || strcmp(variant, "pid0_return") == 0) return 0;
  }
  bsp_sync();
  bsp_end();
  printf("fault '%s' did not stop the program\n", variant);
  return 0;
}
