/* bsp_get reads its source at the end of the superstep, after all local computation of the
 * remote process and before any put writes (§3.3 ordering (1)-(3)):
 *   - a value the remote process writes after the get was issued is the one fetched;
 *   - a put into the same location in the same superstep does not affect the get: the get
 *     sees the old value, and afterwards the location holds the put's value;
 *   - the get's destination is untouched until the sync.
 * The same for a large array (16 KiB) read by a get while the owner keeps changing it. */
#include <stdio.h>

#include "spmd_check.h"

static int shared_value;
#define BIG 4096
static int big[BIG];

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), target = (pid + 1) % p, source = (pid + p - 1) % p;
  bsp_push_reg(&shared_value, sizeof shared_value);
  bsp_push_reg(big, sizeof big);
  shared_value = 1;
  for (int i = 0; i < BIG; i++) big[i] = -1;
  bsp_sync();

  static int fetched_big[BIG];
  for (int i = 0; i < BIG; i++) fetched_big[i] = -3;
  bsp_get(target, big, 0, fetched_big, sizeof big);
  int big_put[BIG];
  for (int i = 0; i < BIG; i++) big_put[i] = -4;
  bsp_put(target, big_put, big, 0, sizeof big_put);
  for (int i = 0; i < BIG; i++) big[i] = pid * 10000 + i;
  CHECK_EQ(fetched_big[0], -3, "the large get's destination before the sync");
  bsp_sync();
  for (int i = 0; i < BIG; i++) {
    CHECK_EQ(fetched_big[i], target * 10000 + i, "the large array fetched by the get");
    CHECK_EQ(big[i], -4, "the large array after the put");
  }

  int fetched = -1;
  bsp_get(target, &shared_value, 0, &fetched, sizeof fetched);
  int put_value = 500 + pid;
  bsp_put(target, &put_value, &shared_value, 0, sizeof put_value);
  shared_value = 300 + pid; /* local computation after the get was issued */
  CHECK_EQ(fetched, -1, "the get's destination before the sync");
  bsp_sync();

  CHECK_EQ(fetched, 300 + target, "the value fetched by the get");
  CHECK_EQ(shared_value, 500 + source, "the value written by the put");

  bsp_pop_reg(big);
  bsp_pop_reg(&shared_value);
  bsp_end();
  printf("PASS\n");
  return 0;
}
