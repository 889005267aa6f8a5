/* A large registered area is shared a part at a time (src/core/shared_areas.cpp): no sync copies
 * more than a thirty-second of it (at least 1 MiB) into shared memory, so that no superstep pays for the whole
 * conversion, and every transfer is right while part of the area is shared and part is not.
 * Each process hpputs a whole 8 MiB area into the next process's and hpgets and gets the
 * previous one's other area, every superstep, and checks every byte.
 * SHARED_AREA_EXPECT=shared (the shared-memory engine, p > 1): after each sync, what of its own
 * area the memory files back grows by at most a part and reaches the whole area. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "spmd_check.h"

#define AREA_BYTES (8u << 20)
#define N (AREA_BYTES / sizeof(int))
#define PART (1u << 20) /* shared_areas.cpp shares a 32nd of an area a sync, at least 1 MiB */
#define SUPERSTEPS 12

/* Bytes of [begin, begin + AREA_BYTES) that /proc/self/maps shows backed by Superstep's shared
 * memory files: the pages of this process's own area shared so far. */
static uint64_t own_bytes_shared(const void* begin) {
  uintptr_t lo = (uintptr_t)begin, hi = lo + AREA_BYTES;
  FILE* maps = fopen("/proc/self/maps", "r");
  CHECK(maps != NULL);
  char line[512];
  uint64_t bytes = 0;
  while (fgets(line, sizeof line, maps)) {
    unsigned long a = 0, b = 0;
    if (!strstr(line, "superstep-area") || sscanf(line, "%lx-%lx", &a, &b) != 2) continue;
    if (a < lo) a = lo;
    if (b > hi) b = hi;
    if (b > a) bytes += b - a;
  }
  fclose(maps);
  return bytes;
}

/* The whole pages of the area: what can be shared of it. */
static uint64_t whole_pages(const void* begin) {
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), lo = (uintptr_t)begin;
  return ((lo + AREA_BYTES) & ~(page - 1)) - ((lo + page - 1) & ~(page - 1));
}

static int value(int step, int from, int i) { return step * 1000003 + from * 7919 + i; }

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), target = (pid + 1) % p, source = (pid + p - 1) % p;
  const char* expect = getenv("SHARED_AREA_EXPECT");
  int watch = expect && strcmp(expect, "shared") == 0 && p > 1;
  int* into = malloc(AREA_BYTES); /* the others hpput into it */
  int* out = malloc(AREA_BYTES);  /* the others read it */
  int* mine = malloc(AREA_BYTES);
  int* got = malloc(AREA_BYTES);
  int* got_buffered = malloc(AREA_BYTES);
  CHECK(into && out && mine && got && got_buffered);
  memset(into, 0, AREA_BYTES);
  bsp_push_reg(into, AREA_BYTES);
  bsp_push_reg(out, AREA_BYTES);
  bsp_sync();

  uint64_t shared_before = 0;
  for (int step = 0; step < SUPERSTEPS; step++) {
    for (size_t i = 0; i < N; i++) {
      mine[i] = value(step, pid, (int)i);
      out[i] = value(step, pid, (int)i) + 1;
    }
    bsp_hpput(target, mine, into, 0, AREA_BYTES);
    bsp_hpget(source, out, 0, got, AREA_BYTES / 2);
    bsp_get(source, out, AREA_BYTES / 2, got_buffered, AREA_BYTES / 2);
    bsp_sync();
    for (size_t i = 0; i < N; i++) CHECK_EQ(into[i], value(step, source, (int)i), "hpput data");
    for (size_t i = 0; i < N / 2; i++) {
      CHECK_EQ(got[i], value(step, source, (int)i) + 1, "hpget data");
      CHECK_EQ(got_buffered[i], value(step, source, (int)(N / 2 + i)) + 1, "get data");
    }
    /* Nobody writes `out` while others read it: apart from the sync. */
    bsp_sync();
    if (watch) {
      uint64_t shared = own_bytes_shared(into);
      CHECK(shared >= shared_before);
      CHECK_EQ(shared - shared_before <= PART, 1, "at most a part shared a sync");
      shared_before = shared;
    }
  }
  if (watch) CHECK_EQ(shared_before, whole_pages(into), "the whole area shared at last");
  bsp_end();
  free(into);
  free(out);
  free(mine);
  free(got);
  free(got_buffered);
  printf("PASS\n");
  return 0;
}
