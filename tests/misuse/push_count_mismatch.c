/* Processes push a different number of registrations in one superstep (argv[1]: "more": the
 * last process pushes two while the others push one; "none": the last pushes none). */
#include "misuse.h"

static int a[4], b[4];

int main(int argc, char *argv[]) {
  if (argc != 2) return 2;
  const char *variant = argv[1];
  bsp_begin(bsp_nprocs());
  if (reach_misuse_superstep()) {
    if (is(variant, "more")) {
      bsp_push_reg(a, sizeof a);
      bsp_push_reg(b, sizeof b);
    }
  } else {
    bsp_push_reg(a, sizeof a);
  }
  return finish_unnoticed(variant);
}
