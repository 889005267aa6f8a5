/* Large transfers on the MPI engine (core/bulk_messages.cpp): every process puts, hpputs, gets
 * and hpgets a block of 40 KiB (just past the bulk-message size), 1 MiB + 5, 17 MiB + 11 and
 * 64 MiB to or from the next process, at an odd offset, and checks every byte of what it
 * received; then, at each size, two overlapping puts to the next process (the later issue's
 * bytes stay where both write) beside a get of bytes the sync's puts overwrite (the get sees
 * them as they were before).
 *
 * First, four 64 MiB puts in a row: from the third on, the call copies into a bulk area already
 * faulted in (check_bulk_area_kept).
 *
 * Prints PASS from process 0. */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/minor_faults.h"
#include "byte_pattern.h"
#include "spmd_check.h"

#define MIB (1024L * 1024L)
#define OFFSET 3L /* every transfer starts this far into its buffers: no alignment helps it */
#define AREA (64 * MIB + 64)

static const long kSizes[] = {40 * 1024, MIB + 5, 17 * MIB + 11, 64 * MIB};

static unsigned char *source, *area;

/* The bulk area a large put's call copies into stays while large puts recur
 * (util/memory_keep.hpp): from the third 64 MiB put on (the first of each superstep parity
 * fault it in), a call takes at most a quarter as many minor faults as the 4 KiB pages it
 * writes (16,384 where the area was given back). */
static void check_bulk_area_kept(int next) {
  long size = 64 * MIB, limit = size / 4096 / 4;
  for (int round = 0; round < 4; ++round) {
    fill_pattern(source + OFFSET, size, round);
    long before = minor_faults();
    bsp_put(next, source + OFFSET, area, OFFSET, (int)size);
    long faults = minor_faults() - before;
    bsp_sync();
    if (round >= 2 && faults > limit)
      bsp_abort("the 64 MiB bsp_put call of superstep %d took %ld minor faults, more than %ld\n",
                round, faults, limit);
    CHECK_EQ(first_wrong_byte(area + OFFSET, size, round), -1, "first wrong byte of a 64 MiB put");
  }
}

/* One put, hpput, get and hpget of `size` bytes, each in a superstep of its own. */
static void check_size(int next, int prev, long size) {
  int me = bsp_pid();
  for (int kind = 0; kind < 4; ++kind) {
    int salt = 10 * kind + (int)(size % 7) + me;
    fill_pattern(source + OFFSET, size, salt);
    memset(area, 0, AREA);
    fill_pattern(area + OFFSET, size, salt + 100); /* what a get reads */
    bsp_sync();
    if (kind == 0) bsp_put(next, source + OFFSET, area, OFFSET, (int)size);
    if (kind == 1) bsp_hpput(next, source + OFFSET, area, OFFSET, (int)size);
    if (kind == 2) bsp_get(next, area, OFFSET, source + OFFSET, (int)size);
    if (kind == 3) bsp_hpget(next, area, OFFSET, source + OFFSET, (int)size);
    bsp_sync();
    if (kind < 2)
      CHECK_EQ(first_wrong_byte(area + OFFSET, size, 10 * kind + (int)(size % 7) + prev), -1,
               "first wrong byte a put or hpput landed");
    else
      CHECK_EQ(first_wrong_byte(source + OFFSET, size, salt - me + next + 100), -1,
               "first wrong byte a get or hpget landed");
  }
}

/* Two puts that overlap by half, and a get of the bytes they overwrite at the next process. */
static void check_overlap(int next, int prev, long size) {
  int me = bsp_pid();
  long half = size / 2;
  fill_pattern(source + OFFSET, size, me + 50);
  memset(area, 0, AREA);
  fill_pattern(area + OFFSET, size, me + 60);
  bsp_sync();
  bsp_put(next, source + OFFSET, area, OFFSET, (int)size);
  bsp_put(next, source + OFFSET, area, OFFSET + half, (int)(size - half));
  unsigned char* got = malloc((size_t)size);
  CHECK(got != NULL);
  bsp_get(next, area, OFFSET, got, (int)size);
  bsp_sync();
  /* The first put's bytes below half, the second's (the pattern from 0 again) from it. */
  CHECK_EQ(first_wrong_byte(area + OFFSET, half, prev + 50), -1, "first put's bytes");
  CHECK_EQ(first_wrong_byte(area + OFFSET + half, size - half, prev + 50), -1,
           "second put's bytes");
  CHECK_EQ(first_wrong_byte(got, size, next + 60), -1, "first wrong byte of the get");
  free(got);
}

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), me = bsp_pid();
  int next = (me + 1) % p, prev = (me + p - 1) % p;
  source = malloc(AREA);
  area = malloc(AREA);
  CHECK(source != NULL && area != NULL);
  memset(source, 0, AREA);
  memset(area, 0, AREA);
  bsp_push_reg(area, AREA);
  bsp_push_reg(source, AREA);
  bsp_sync();
  check_bulk_area_kept(next);
  for (size_t k = 0; k < sizeof kSizes / sizeof kSizes[0]; ++k) {
    check_size(next, prev, kSizes[k]);
    check_overlap(next, prev, kSizes[k]);
  }
  bsp_sync();
  if (me == 0) printf("PASS\n");
  bsp_end();
  free(source);
  free(area);
  return 0;
}
