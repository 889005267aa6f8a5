/* A level-1 collective in an installed program: the sum of the pids by bsp_sumI. */
#include <bsp.h>
#include <bsp_level1.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  int sum = bsp_sumI(bsp_pid());
  if (bsp_pid() == 0)
    printf("collective consumer: sum of pids over %d processes = %d\n", bsp_nprocs(), sum);
  bsp_end();
  return 0;
}
