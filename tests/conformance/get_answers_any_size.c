/* Small gets answered by their owners, in supersteps where some processes ask and others
 * ask nobody (on shared memory an asker then waits for the owners it asked only), and where
 * what one process asks of one owner adds up to sizes on both sides of what an engine may
 * carry inline (here 1 to 300 bytes, in pieces of 1 to 9 bytes):
 *   - each get fetches the value its owner's area holds at the sync, written after the get
 *     was issued;
 *   - a put into the same bytes in the same superstep, by a process that asks nobody, does
 *     not reach the get, and the area holds the put's value afterwards. */
#include <stdio.h>
#include <string.h>

#include "spmd_check.h"

#define AREA 320
static unsigned char area[AREA];
static unsigned char fetched[AREA];

static unsigned char value_of(int owner, int superstep, int i) {
  return (unsigned char)(owner * 59 + superstep * 13 + i * 7 + 1);
}

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  bsp_push_reg(area, sizeof area);
  bsp_sync();

  static const int totals[] = {1, 8, 39, 40, 41, 48, 64, 100, 300};
  int step = 0;
  for (unsigned t = 0; t < sizeof totals / sizeof totals[0]; t++) {
    int total = totals[t];
    /* Who asks this superstep: everybody, or one process in turn. */
    for (int pattern = 0; pattern <= p; pattern++, step++) {
      int asks = pattern == p || pattern == pid;
      int owner = (pid + 1) % p;
      memset(fetched, 0xAA, sizeof fetched);
      if (asks && p > 1) {
        /* Pieces of 1..9 bytes, from the end of the first `total` bytes backwards. */
        for (int end = total, piece = 1; end > 0; piece = piece % 9 + 1) {
          int n = piece < end ? piece : end;
          bsp_get(owner, area, end - n, fetched + end - n, n);
          end -= n;
        }
      }
      /* The writer of this superstep asks nobody: it puts into the bytes its successor's
       * askers read, which must still see the owner's values. */
      int writes = !asks && p > 2;
      unsigned char put_bytes[AREA];
      memset(put_bytes, 0xEE, sizeof put_bytes);
      if (writes) bsp_put((pid + 1) % p, put_bytes, area, 0, total);
      for (int i = 0; i < AREA; i++) area[i] = value_of(pid, step, i);
      bsp_sync();
      if (asks && p > 1) {
        for (int i = 0; i < total; i++)
          CHECK_EQ(fetched[i], value_of(owner, step, i), "a byte fetched by a small get");
        CHECK_EQ(fetched[total], 0xAA, "the byte after the fetched ones");
      }
      int predecessor = (pid + p - 1) % p;
      int put_into_me = p > 2 && !(pattern == p || pattern == predecessor);
      for (int i = 0; i < total; i++)
        CHECK_EQ(area[i], put_into_me ? 0xEE : value_of(pid, step, i), "a byte of the area");
    }
  }
  bsp_pop_reg(area);
  bsp_sync();
  bsp_end();
  if (pid == 0) printf("PASS\n");
  return 0;
}
