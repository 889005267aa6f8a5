/* The paper's §2.2.2 example: a single process starts, reads the number of processes from
 * standard input, and spawns them in spmd_part; each prints one greeting. */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>

int nprocs; /* global variable */

static int ReadInteger(void) {
  int value;
  if (scanf("%d", &value) != 1) {
    fprintf(stderr, "expected a number of processes on stdin\n");
    exit(2);
  }
  return value;
}

void spmd_part(void) {
  bsp_begin(nprocs);
  printf("Hello BSP Worldwide from process %d of %d\n", bsp_pid(), bsp_nprocs());
  bsp_end();
}

int main(int argc, char *argv[]) {
  bsp_init(spmd_part, argc, argv);
  nprocs = ReadInteger();
  spmd_part();
  return 0;
}
