/*
 * hello.c - the smallest BSPlib program (paper section 2.1.2).
 *
 * bsp_begin(p) starts p processes that all run the code up to bsp_end. Asking
 * for bsp_nprocs() processes gives as many as there are processors, or P when
 * the program is started with `bsprun -n P ./hello`.
 *
 * Every process prints one line. The processes run at the same time, so the
 * lines appear in any order.
 */
#include <bsp.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  printf("Hello BSP Worldwide from process %d of %d\n", bsp_pid(), bsp_nprocs());
  bsp_end();
  return 0;
}
