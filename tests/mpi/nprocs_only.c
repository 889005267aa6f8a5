/* A program that asks bsp_nprocs() and never calls bsp_begin (it prints the processors
 * available, or decides not to run in parallel). It must end with its own exit status,
 * argv[1], as on shared memory. */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  if (argc != 2) return 2;
  printf("%d processors available; running sequentially\n", bsp_nprocs());
  return atoi(argv[1]);
}
