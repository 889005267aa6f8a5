/* Asks bsp_begin for argv[1] processes; process 0 prints how many it got. */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  bsp_begin(argc > 1 ? atoi(argv[1]) : bsp_nprocs());
  if (bsp_pid() == 0) printf("%d processes\n", bsp_nprocs());
  bsp_end();
  return 0;
}
