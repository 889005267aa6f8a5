/* Paper §3.3: a get's value is written at the end of the superstep "before any data is
 * written by any bsp_put", whatever the issue order and whichever process put.
 *   u: put(self, 1) then get(target's w) -> the put lands last: u ends as 1
 *   v: get(target's w) then put(self, 2) -> v ends as 2
 *   z: this process gets target's w into z; process `source` puts into our z -> the put wins. */
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

  CHECK_EQ(u, 1, "u (put to self, then get: the put lands after the get)");
  CHECK_EQ(v, 2, "v (get, then put to self)");
  CHECK_EQ(z, 900 + source, "z (a get, and a put from process source: the put lands last)");

  bsp_pop_reg(&v);
  bsp_pop_reg(&u);
  bsp_pop_reg(&z);
  bsp_pop_reg(&w);
  bsp_end();
  printf("PASS\n");
  return 0;
}
