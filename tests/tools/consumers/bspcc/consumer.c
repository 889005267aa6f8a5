/* Process 0 gets every process's pid with bsp_get. */
#include <bsp.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), mine = bsp_pid(), got[64] = {0};
  bsp_push_reg(&mine, sizeof mine);
  bsp_sync();
  if (mine == 0)
    for (int q = 0; q < p && q < 64; ++q) bsp_get(q, &mine, 0, &got[q], sizeof(int));
  bsp_sync();
  int sum = 0;
  for (int q = 0; q < 64; ++q) sum += got[q];
  if (mine == 0) printf("bspcc consumer: sum of pids over %d processes = %d\n", p, sum);
  bsp_pop_reg(&mine);
  bsp_end();
  return 0;
}
