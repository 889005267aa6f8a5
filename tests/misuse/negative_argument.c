/* A negative size or offset (argv[1] names primitive and argument): put_nbytes, put_offset,
 * get_nbytes, get_offset, hpput_nbytes, hpget_offset, push_reg_size, send_nbytes,
 * move_nbytes. */
#include "misuse.h"

static int area[4];

int main(int argc, char *argv[]) {
  if (argc != 2) return 2;
  const char *variant = argv[1];
  bsp_begin(bsp_nprocs());
  int target = (bsp_pid() + 1) % bsp_nprocs();
  bsp_push_reg(area, sizeof area);
  /* Every process sends itself a message in superstep 1, for bsp_move in superstep 2. */
  bsp_sync();
  int local[4] = {0};
  bsp_send(bsp_pid(), NULL, local, sizeof local);
  bsp_sync();
  if (bsp_pid() == bsp_nprocs() - 1) { /* superstep 2 */
    /* A legal put first: the misuse then meets the fast path of small puts (what the last put
     * to that process resolved), which must leave it to the full checks. */
    bsp_put(target, local, area, 0, sizeof(int));
    if (is(variant, "put_nbytes")) bsp_put(target, local, area, 0, -4);
    if (is(variant, "put_offset")) bsp_put(target, local, area, -4, sizeof(int));
    if (is(variant, "get_nbytes")) bsp_get(target, area, 0, local, -1);
    if (is(variant, "get_offset")) bsp_get(target, area, -8, local, sizeof(int));
    if (is(variant, "hpput_nbytes")) bsp_hpput(target, local, area, 0, -4);
    if (is(variant, "hpget_offset")) bsp_hpget(target, area, -4, local, sizeof(int));
    if (is(variant, "push_reg_size")) bsp_push_reg(local, -16);
    if (is(variant, "send_nbytes")) bsp_send(target, NULL, local, -4);
    if (is(variant, "move_nbytes")) bsp_move(local, -4);
  }
  return finish_unnoticed(variant);
}
