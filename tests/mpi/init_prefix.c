/* bsp_init under MPI (§2.2): process 0 runs the sequential prefix and reads the input, the
 * other ranks go straight to the SPMD part, so the input is process 0's alone until it is
 * communicated. The SPMD function is static. bsp_nprocs() before bsp_begin is the job size
 * (argv[1]); process 0 finishes main and prints PASS. */
#include <stdio.h>
#include <stdlib.h>

#include "spmd_check.h"

static int input_value; /* set by the prefix, on process 0 only */
static int prefix_ran;  /* likewise */

static void spmd_part(void) {
  bsp_begin(bsp_nprocs());
  int pid = bsp_pid();
  CHECK_EQ(prefix_ran, pid == 0, "whether the sequential prefix ran on this process");
  CHECK_EQ(input_value, pid == 0 ? 1234 : 0, "the input value before communication");
  bsp_push_reg(&input_value, sizeof input_value);
  bsp_sync();
  bsp_get(0, &input_value, 0, &input_value, sizeof input_value);
  bsp_sync();
  CHECK_EQ(input_value, 1234, "the input value fetched from process 0");
  bsp_pop_reg(&input_value);
  bsp_end();
}

int main(int argc, char *argv[]) {
  bsp_init(spmd_part, argc, argv);
  CHECK(argc == 2);
  CHECK_EQ(bsp_nprocs(), atoi(argv[1]), "bsp_nprocs() before bsp_begin (the MPI job size)");
  prefix_ran = 1;
  input_value = 1234;
  spmd_part();
  printf("PASS\n");
  return 0;
}
