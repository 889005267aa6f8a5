/* DRMA on an address that is not registered (argv[1]): put_never, get_never, hpput_never,
 * hpget_never (never registered), put_pending (pushed in this superstep: registration takes
 * effect only at the next sync), get_popped and put_popped (popped and synced; the put's
 * process put into it after the pop, before the sync, which the fast path of small puts must
 * forget at the sync). */
#include "misuse.h"

static int area[4], other[4], popped[4];

int main(int argc, char *argv[]) {
  if (argc != 2) return 2;
  const char *variant = argv[1];
  bsp_begin(bsp_nprocs());
  int target = (bsp_pid() + 1) % bsp_nprocs();
  bsp_push_reg(area, sizeof area);
  bsp_push_reg(popped, sizeof popped);
  bsp_sync();
  int local[4] = {0};
  bsp_pop_reg(popped);
  /* Still registered until the sync. */
  if (is(variant, "put_popped") && bsp_pid() == bsp_nprocs() - 1)
    bsp_put(target, local, popped, 0, sizeof(int));
  bsp_sync();
  /* superstep 2; before any push, which would make the fast path forget as well */
  if (is(variant, "put_popped") && bsp_pid() == bsp_nprocs() - 1)
    bsp_put(target, local, popped, 0, sizeof(int));
  /* every process pushes `other`, so the collective registration is fine */
  bsp_push_reg(other, sizeof other);
  if (bsp_pid() == bsp_nprocs() - 1) {
    if (is(variant, "put_never")) bsp_put(target, local, local, 0, sizeof(int));
    if (is(variant, "get_never")) bsp_get(target, local, 0, area, sizeof(int));
    if (is(variant, "hpput_never")) bsp_hpput(target, local, local, 0, sizeof(int));
    if (is(variant, "hpget_never")) bsp_hpget(target, local, 0, area, sizeof(int));
    if (is(variant, "put_pending")) bsp_put(target, local, other, 0, sizeof(int));
    if (is(variant, "get_popped")) bsp_get(target, popped, 0, local, sizeof(int));
  }
  return finish_unnoticed(variant);
}
