/* bsp_pop_reg of an address that is not registered (argv[1]: "never": never registered;
 * "twice": popped again after its only registration was popped). All processes pop in the
 * same superstep; only the last one pops the wrong address. */
#include "misuse.h"

static int a[4], b[4], never[4];

int main(int argc, char *argv[]) {
  if (argc != 2) return 2;
  const char *variant = argv[1];
  bsp_begin(bsp_nprocs());
  bsp_push_reg(a, sizeof a);
  bsp_push_reg(b, sizeof b);
  bsp_sync();
  bsp_pop_reg(b);
  bsp_sync();
  /* superstep 2 */
  if (bsp_pid() == bsp_nprocs() - 1) {
    bsp_pop_reg(is(variant, "never") ? never : b);
  } else {
    bsp_pop_reg(a);
  }
  return finish_unnoticed(variant);
}
