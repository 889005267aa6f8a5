/* Some processes call bsp_end while others call bsp_sync, in superstep 2 (argv[1]: "last": the
 * last process ends early; "first": process 0 ends early). */
#include <stdio.h>

#include "misuse.h"

int main(int argc, char *argv[]) {
  if (argc != 2) return 2;
  const char *variant = argv[1];
  bsp_begin(bsp_nprocs());
  bsp_sync();
  bsp_sync();
  int early = is(variant, "first") ? 0 : bsp_nprocs() - 1;
  if (bsp_pid() != early) bsp_sync();
  bsp_end();
  printf("misuse '%s' was not detected\n", variant);
  return 0;
}
