/* A pid outside 0..p-1 (argv[2]: "p" for pid = p, "-1" for pid = -1) passed to the primitive
 * named in argv[1]: put, get, hpput, hpget, send; put_null_dst and hpput_null_dst pass also a
 * NULL destination and an offset of 0 for 8 bytes, first thing in the superstep, which is what
 * the fast path of puts holds when it holds no run (pid -1 among it): the pid must still be
 * reported, not the empty run followed. Each error names the file and line of its call. */
#include <stdlib.h>

#include "misuse.h"

static int area[4];

int main(int argc, char *argv[]) {
  if (argc != 3) return 2;
  const char *variant = argv[1];
  bsp_begin(bsp_nprocs());
  int pid = strcmp(argv[2], "p") == 0 ? bsp_nprocs() : atoi(argv[2]);
  bsp_push_reg(area, sizeof area);
  if (reach_misuse_superstep()) {
    int local[4] = {0};
    /* The calls marked below are the lines their errors must name (tests/misuse/CMakeLists.txt). */
    if (is(variant, "put")) bsp_put(pid, local, area, 0, sizeof(int)); /* put */
    if (is(variant, "put_null_dst")) bsp_put(pid, local, NULL, 0, 8);
    if (is(variant, "hpput_null_dst")) bsp_hpput(pid, local, NULL, 0, 8);
    if (is(variant, "get")) bsp_get(pid, area, 0, local, sizeof(int)); /* get */
    if (is(variant, "hpput")) bsp_hpput(pid, local, area, 0, sizeof(int)); /* hpput */
    if (is(variant, "hpget")) bsp_hpget(pid, area, 0, local, sizeof(int)); /* hpget */
    if (is(variant, "send")) bsp_send(pid, NULL, local, sizeof(int)); /* send */
  }
  return finish_unnoticed(variant);
}
