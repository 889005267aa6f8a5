/* Half of a program whose other half uses the MulticoreBSP interface
 * (mixed_main.c): this file uses the classic int interface. */
#include <bsp.h>

int classic_total(int mine) {
  int total = 0, p = bsp_nprocs();
  bsp_push_reg(&total, sizeof total);
  bsp_sync();
  /* Everybody writes the same value into everybody's total. */
  for (int q = 0; q < p; ++q) bsp_put(q, &mine, &total, 0, sizeof mine);
  bsp_sync();
  bsp_pop_reg(&total);
  return total;
}
