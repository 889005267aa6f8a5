/* A NULL source or destination with nbytes > 0 (argv[1] names primitive and argument):
 * put_src, put_dst, get_src, get_dst, hpput_src, hpget_dst, send_payload, send_tag (tag size
 * 4), move_payload. */
#include "misuse.h"

static int area[4];

int main(int argc, char *argv[]) {
  if (argc != 2) return 2;
  const char *variant = argv[1];
  bsp_begin(bsp_nprocs());
  int target = (bsp_pid() + 1) % bsp_nprocs();
  bsp_push_reg(area, sizeof area);
  int tag_size = sizeof(int);
  bsp_set_tagsize(&tag_size);
  bsp_sync();
  int local[4] = {0};
  bsp_send(bsp_pid(), local, local, sizeof local); /* for bsp_move in superstep 2 */
  bsp_sync();
  if (bsp_pid() == bsp_nprocs() - 1) { /* superstep 2 */
    /* A legal put first: the misuse then meets the fast path of small puts (what the last put
     * to that process resolved), which must leave it to the full checks. */
    bsp_put(target, local, area, 0, sizeof(int));
    if (is(variant, "put_src")) bsp_put(target, NULL, area, 0, sizeof(int));
    if (is(variant, "put_dst")) bsp_put(target, local, NULL, 0, sizeof(int));
    if (is(variant, "get_src")) bsp_get(target, NULL, 0, local, sizeof(int));
    if (is(variant, "get_dst")) bsp_get(target, area, 0, NULL, sizeof(int));
    if (is(variant, "hpput_src")) bsp_hpput(target, NULL, area, 0, sizeof(int));
    if (is(variant, "hpget_dst")) bsp_hpget(target, area, 0, NULL, sizeof(int));
    if (is(variant, "send_payload")) bsp_send(target, local, NULL, sizeof(int));
    if (is(variant, "send_tag")) bsp_send(target, NULL, local, sizeof(int));
    if (is(variant, "move_payload")) bsp_move(NULL, sizeof(int));
  }
  return finish_unnoticed(variant);
}
