/* Processes have private address spaces (§2.1 note 4): a global, a static and heap memory
 * written by one process are not seen by another. */
#include <stdio.h>
#include <stdlib.h>

#include "spmd_check.h"

int global_value;
static int static_value;

int main(void) {
  int *heap = malloc(sizeof(int));
  CHECK(heap != NULL);
  *heap = 0;
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  if (pid == p - 1) {
    global_value = 1;
    static_value = 2;
    *heap = 3;
  }
  bsp_sync();
  int mine = pid == p - 1;
  CHECK_EQ(global_value, mine ? 1 : 0, "a global");
  CHECK_EQ(static_value, mine ? 2 : 0, "a static");
  CHECK_EQ(*heap, mine ? 3 : 0, "heap memory allocated before bsp_begin");
  /* Every process writes its own pid; each must still see its own afterwards. */
  global_value = pid;
  bsp_sync();
  CHECK_EQ(global_value, pid, "a global every process wrote");
  bsp_end();
  free(heap);
  printf("PASS\n");
  return 0;
}
