/* bsp_set_tagsize misuse in superstep 2 (argv[1]): "mismatch": the last process asks for 8
 * while the others ask for 4; "negative": the last process asks for -1. */
#include "misuse.h"

int main(int argc, char *argv[]) {
  if (argc != 2) return 2;
  const char *variant = argv[1];
  bsp_begin(bsp_nprocs());
  int size = 4;
  if (reach_misuse_superstep()) size = is(variant, "negative") ? -1 : 8;
  bsp_set_tagsize(&size);
  return finish_unnoticed(variant);
}
