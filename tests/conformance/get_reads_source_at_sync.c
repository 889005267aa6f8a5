/* bsp_get reads its source at the end of the superstep, after all local computation of the
 * remote process and before any put writes (§3.3 ordering (1)-(3)):
 *   - a value the remote process writes after the get was issued is the one fetched;
 *   - a put into the same location in the same superstep does not affect the get: the get
 *     sees the old value, and afterwards the location holds the put's value;
 *   - the get's destination is untouched until the sync. */
#include <stdio.h>

#include "spmd_check.h"

static int shared_value;

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), target = (pid + 1) % p, source = (pid + p - 1) % p;
  bsp_push_reg(&shared_value, sizeof shared_value);
  shared_value = 1;
  bsp_sync();

  int fetched = -1;
  bsp_get(target, &shared_value, 0, &fetched, sizeof fetched);
  int put_value = 500 + pid;
  bsp_put(target, &put_value, &shared_value, 0, sizeof put_value);
  shared_value = 300 + pid; /* local computation after the get was issued */
  CHECK_EQ(fetched, -1, "the get's destination before the sync");
  bsp_sync();

  CHECK_EQ(fetched, 300 + target, "the value fetched by the get");
  CHECK_EQ(shared_value, 500 + source, "the value written by the put");

  bsp_pop_reg(&shared_value);
  bsp_end();
  printf("PASS\n");
  return 0;
}
