/* An error on the last process, p - 1, in superstep 2, in a program started the classic way:
 * process 0 reads P and the kind of error from stdin before bsp_begin(P), and sends the kind
 * to everybody. The last process prints "error now" just before it errs; the message must
 * follow within moments. Kinds: "put", a put to a pid out of range (found by p - 1 alone);
 * "abort", bsp_abort; "push", p - 1 pushes a registration the others do not (found by every
 * process at the sync). */
#include <stdio.h>
#include <string.h>

#include "spmd_check.h"

static int P;
static char kind[16]; /* read by process 0, sent to the others */
static int area;

static void spmd_part(void) {
  bsp_begin(P);
  int p = bsp_nprocs(), pid = bsp_pid();
  bsp_push_reg(kind, sizeof kind);
  bsp_sync();
  if (pid == 0)
    for (int q = 1; q < p; q++) bsp_put(q, kind, kind, 0, sizeof kind);
  bsp_sync();
  if (pid == p - 1) { /* superstep 2 */
    printf("error now\n");
    fflush(stdout);
    if (strcmp(kind, "put") == 0) bsp_put(p, &area, &area, 0, sizeof area);
    if (strcmp(kind, "abort") == 0) bsp_abort("abort from process %d", pid);
    if (strcmp(kind, "push") == 0) bsp_push_reg(&area, sizeof area);
  }
  bsp_sync();
  bsp_end();
  printf("error '%s' was not detected\n", kind);
}

int main(int argc, char *argv[]) {
  bsp_init(spmd_part, argc, argv);
  CHECK(scanf("%d %15s", &P, kind) == 2);
  spmd_part();
  return 0;
}
