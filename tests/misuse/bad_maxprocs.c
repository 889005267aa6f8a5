/* bsp_begin with maxprocs < 1 (argv[1]: the value). */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  if (argc != 2) return 2;
  bsp_begin(atoi(argv[1]));
  bsp_end();
  printf("bsp_begin(%s) was not detected\n", argv[1]);
  return 0;
}
