/* Start-up with bsp_init (§2.2): main calls bsp_init first, then runs a sequential prefix
 * that reads input (here: the arguments and a computed table) before calling the SPMD part,
 * which starts with bsp_begin. Every process sees the data read by the prefix. Process 0
 * returns from the SPMD part and finishes main. */
#include <stdio.h>
#include <stdlib.h>

#include "spmd_check.h"

static int input_value;
static int table[16];

static void spmd_part(void) {
  bsp_begin(bsp_nprocs());
  int pid = bsp_pid();
  CHECK_EQ(input_value, 1234, "the value read by the sequential prefix");
  for (int i = 0; i < 16; i++) CHECK_EQ(table[i], i * i, "the table built by the prefix");
  /* Exchange it too, so the prefix data is also usable through communication. */
  int from_zero = -1;
  bsp_push_reg(&input_value, sizeof input_value);
  bsp_sync();
  if (pid == 0) input_value = 4321;
  bsp_get(0, &input_value, 0, &from_zero, sizeof from_zero);
  bsp_sync();
  CHECK_EQ(from_zero, 4321, "the value process 0 wrote");
  bsp_pop_reg(&input_value);
  bsp_end();
}

int main(int argc, char *argv[]) {
  bsp_init(spmd_part, argc, argv);
  CHECK(argc == 2);
  input_value = atoi(argv[1]);
  for (int i = 0; i < 16; i++) table[i] = i * i;
  spmd_part();
  CHECK_EQ(input_value, 4321, "the value on process 0 after the SPMD part");
  printf("PASS\n");
  return 0;
}
