/* Portable, and reads its standard input, as programs that ask for their
 * sizes do: process 0 reads a count before bsp_begin and fails without one.
 * bspcheck must give every run the same input, and find nothing. */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>

static int count;

static void spmd(void) {
  bsp_begin(bsp_nprocs());
  bsp_push_reg(&count, sizeof count);
  bsp_sync();
  if (bsp_pid() == 0)
    for (int p = 1; p < bsp_nprocs(); ++p) bsp_put(p, &count, &count, 0, sizeof count);
  bsp_sync();
  printf("process %d: count %d\n", bsp_pid(), count);
  bsp_pop_reg(&count);
  bsp_end();
}

int main(int argc, char** argv) {
  bsp_init(spmd, argc, argv);
  if (scanf("%d", &count) != 1) {
    fprintf(stderr, "reads_stdin: no count on standard input\n");
    return 1;
  }
  spmd();
  return 0;
}
