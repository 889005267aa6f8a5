/* Start-up with bsp_init (§2.2): main calls bsp_init first, then runs a sequential prefix
 * that reads input (here: the arguments and a computed table) before calling the SPMD part,
 * which starts with bsp_begin. Paper §2.1 note 4: the other processes do not inherit process
 * 0's state; what the prefix read is process 0's until it is communicated (under MPI the
 * other ranks never ran the prefix; on shared memory they happen to start with a copy, which
 * a portable program may not rely on). Process 0 sends it to everybody with bsp_put, then
 * returns from the SPMD part and finishes main. */
#include <stdio.h>
#include <stdlib.h>

#include "spmd_check.h"

static int input_value;
static int table[16];

static void spmd_part(void) {
  bsp_begin(bsp_nprocs());
  int pid = bsp_pid();
  if (pid == 0) {
    CHECK_EQ(input_value, 1234, "the value read by the sequential prefix, on process 0");
    for (int i = 0; i < 16; i++) CHECK_EQ(table[i], i * i, "the table built by the prefix");
  }
  bsp_push_reg(&input_value, sizeof input_value);
  bsp_push_reg(table, sizeof table);
  bsp_sync();
  if (pid == 0) {
    for (int q = 1; q < bsp_nprocs(); q++) {
      bsp_put(q, &input_value, &input_value, 0, sizeof input_value);
      bsp_put(q, table, table, 0, sizeof table);
    }
  }
  bsp_sync();
  CHECK_EQ(input_value, 1234, "the value process 0 sent");
  for (int i = 0; i < 16; i++) CHECK_EQ(table[i], i * i, "the table process 0 sent");
  /* Gets read process 0's memory as it is at the sync. */
  int from_zero = -1;
  if (pid == 0) input_value = 4321;
  bsp_get(0, &input_value, 0, &from_zero, sizeof from_zero);
  bsp_sync();
  CHECK_EQ(from_zero, 4321, "the value process 0 wrote");
  bsp_pop_reg(table);
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
