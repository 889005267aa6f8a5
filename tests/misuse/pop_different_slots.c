/* bsp_pop_reg of different slots on different processes (§3.1 example): all register x and
 * then y; in superstep 2 the last process pops x while the others pop y. */
#include "misuse.h"

static int x[4], y[4];

int main(void) {
  bsp_begin(bsp_nprocs());
  bsp_push_reg(x, sizeof x);
  bsp_push_reg(y, sizeof y);
  bsp_pop_reg(reach_misuse_superstep() ? x : y);
  return finish_unnoticed("pop_different_slots");
}
