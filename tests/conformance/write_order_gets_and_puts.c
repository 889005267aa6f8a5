/* A bsp_get counts as issued by the process that called it: its write is ordered with that
 * process's puts to itself by issue order, and with writes of other processes by pid.
 *   u: put(self, 1) then get(target's w) -> u ends as target's w
 *   v: get(target's w) then put(self, 2) -> v ends as 2
 *   z: this process gets target's w into z; process `source` (lower or higher pid) puts into
 *      our z -> the write of the higher pid wins. */
#include <stdio.h>

#include "spmd_check.h"

static int w, z;

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), target = (pid + 1) % p, source = (pid + p - 1) % p;
  bsp_push_reg(&w, sizeof w);
  bsp_push_reg(&z, sizeof z);
  w = 600 + pid;
  bsp_sync();

  int u = 0, v = 0, one = 1, two = 2;
  bsp_push_reg(&u, sizeof u);
  bsp_push_reg(&v, sizeof v);
  bsp_sync();

  bsp_put(pid, &one, &u, 0, sizeof one);
  bsp_get(target, &w, 0, &u, sizeof u);
  bsp_get(target, &w, 0, &v, sizeof v);
  bsp_put(pid, &two, &v, 0, sizeof two);
  int mark = 900 + pid;
  bsp_get(target, &w, 0, &z, sizeof z);
  bsp_put(target, &mark, &z, 0, sizeof mark);
  bsp_sync();

  CHECK_EQ(u, 600 + target, "u (put to self, then get)");
  CHECK_EQ(v, 2, "v (get, then put to self)");
  /* Our get into z is issued at our pid; the put into z at `source`'s pid. */
  if (source == pid) {
    CHECK_EQ(z, 900 + pid, "z (own get, then own put)");
  } else if (source > pid) {
    CHECK_EQ(z, 900 + source, "z (put by a higher pid)");
  } else {
    CHECK_EQ(z, 600 + target, "z (own get after a put by a lower pid)");
  }

  bsp_pop_reg(&v);
  bsp_pop_reg(&u);
  bsp_pop_reg(&z);
  bsp_pop_reg(&w);
  bsp_end();
  printf("PASS\n");
  return 0;
}
