/* offset + nbytes beyond the size the REMOTE process registered (argv[1]: put, get, hpput,
 * hpget, put_run, hpput_run, put_run_pointer, hpput_run_pointer). The last process registers `area`
 * with 16 ints, every other process with 4, so the last process's own registration allows the
 * transfer and only the remote size forbids it. (At p = 1 the target is the process itself, which
 * registers 4 ints.) Superstep 1 first does the same transfer ending exactly at the remote size,
 * which is legal. The _run variants put 8 bytes at offset 8, then 8 at offset 0, which opens the
 * run of puts that the cheapest put continues, then continue it with 16 bytes at offset 8: the run
 * must know where the remote area ends. Called by name, the puts of the run take bsp.h's inline
 * first tier in an optimised build; the _pointer variants call the library's functions through a
 * pointer. */
#include "misuse.h"

static int area[16];

int main(int argc, char *argv[]) {
  if (argc != 2) return 2;
  const char *variant = argv[1];
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), target = 0;
  int big = pid == p - 1 && p > 1;
  bsp_push_reg(area, (big ? 16 : 4) * (int)sizeof(int));
  bsp_sync();
  int local[16] = {0};
  int offset = 2 * sizeof(int), legal = 2 * sizeof(int), beyond = 3 * sizeof(int);
  for (int superstep = 1; superstep <= MISUSE_SUPERSTEP; superstep++) {
    if (pid == p - 1) {
      int nbytes = superstep == MISUSE_SUPERSTEP ? beyond : legal;
      /* The legal put first in superstep 2 too: the misuse then meets the fast path of small
       * puts (what the last put to that process resolved), which must leave it to the full
       * checks. */
      if (superstep == MISUSE_SUPERSTEP && (is(variant, "put") || is(variant, "hpput")))
        bsp_put(target, local, area, offset, legal);
      if (strstr(variant, "_run")) {
        int last = superstep == MISUSE_SUPERSTEP ? 2 * legal : legal;
        if (strstr(variant, "_pointer")) {
          void (*put)(int, const void *, void *, int, int) =
              strncmp(variant, "hpput", 5) == 0 ? bsp_hpput : bsp_put;
          put(target, local, area, legal, legal);
          put(target, local, area, 0, legal);
          put(target, local, area, legal, last);
        } else if (strncmp(variant, "hpput", 5) == 0) {
          bsp_hpput(target, local, area, legal, legal);
          bsp_hpput(target, local, area, 0, legal);
          bsp_hpput(target, local, area, legal, last);
        } else {
          bsp_put(target, local, area, legal, legal);
          bsp_put(target, local, area, 0, legal);
          bsp_put(target, local, area, legal, last);
        }
      }
      if (is(variant, "put")) bsp_put(target, local, area, offset, nbytes);
      if (is(variant, "get")) bsp_get(target, area, offset, local, nbytes);
      if (is(variant, "hpput")) bsp_hpput(target, local, area, offset, nbytes);
      if (is(variant, "hpget")) bsp_hpget(target, area, offset, local, nbytes);
    }
    if (superstep < MISUSE_SUPERSTEP) bsp_sync();
  }
  return finish_unnoticed(variant);
}
