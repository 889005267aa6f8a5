/* A second bsp_begin inside bsp_begin..bsp_end, by the last process in superstep 2. */
#include "misuse.h"

int main(void) {
  bsp_begin(bsp_nprocs());
  if (reach_misuse_superstep()) bsp_begin(bsp_nprocs());
  return finish_unnoticed("second_begin");
}
