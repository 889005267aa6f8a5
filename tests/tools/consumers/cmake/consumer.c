/* Sums the pids with one bsp_put each into process 0. */
#include <bsp.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), sum = 0, mine = bsp_pid();
  int slots[64] = {0};
  bsp_push_reg(slots, sizeof slots);
  bsp_sync();
  if (mine < 64) bsp_put(0, &mine, slots, mine * (int)sizeof(int), sizeof mine);
  bsp_sync();
  for (int i = 0; i < 64; ++i) sum += slots[i];
  if (mine == 0) printf("cmake consumer: sum of pids over %d processes = %d\n", p, sum);
  bsp_pop_reg(slots);
  bsp_end();
  return 0;
}
