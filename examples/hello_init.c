/*
 * hello_init.c - the other way to start: bsp_init (paper section 2.2.2).
 *
 * When bsp_begin is not the first thing main does, main first calls bsp_init
 * with the function that holds the parallel part. Here main reads the number
 * of processes from its command line (the paper reads it from standard
 * input), then calls that function itself; process 0 continues after it
 * returns, on its own again.
 *
 *   ./hello_init 3        three processes
 *   bsprun -n 3 ./hello_init   the same: without an argument, bsp_nprocs()
 */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>

/* Set by main on process 0 before the processes start; bsp_begin takes process 0's value
 * (under MPI the other processes never run main's prefix). */
static int nprocs;

static void spmd_part(void) {
  bsp_begin(nprocs);
  printf("Hello BSP Worldwide from process %d of %d\n", bsp_pid(), bsp_nprocs());
  bsp_end();
}

int main(int argc, char *argv[]) {
  bsp_init(spmd_part, argc, argv);
  nprocs = argc > 1 ? atoi(argv[1]) : bsp_nprocs();
  if (nprocs < 1) {
    fprintf(stderr, "usage: %s [number of processes]\n", argv[0]);
    return 2;
  }
  spmd_part();
  printf("Back to one process after bsp_end\n");
  return 0;
}
