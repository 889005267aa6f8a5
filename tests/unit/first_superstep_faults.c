/* The first superstep of many small puts pays no page faults for the library's
 * buffers: a program that registers an area and then fills it with 8-byte puts
 * (100,000 of them, one run to the next process) finds the staging ring those
 * puts travel through already written, in the sync that registered the area
 * (Runtime::expect_puts_into_new_areas), instead of faulting it in a page at
 * a time in its first supersteps of puts. Left to faults, that superstep took
 * about 380 on process 0 at p = 2 (a page of the writer's ring per 4 KiB put,
 * and the readers' mappings), 30x the steady superstep's time on a two-core
 * VM. The limit, a quarter of the pages the puts fill, leaves room for the
 * readers' mappings (the kernel maps a reader's pages 16 at a time) and
 * faults from elsewhere, not for one per page.
 *
 * p processes (argument 1, default 2; "-v" after it prints the counts). Prints
 * "PASS" from pid 0, or each process's count and FAIL. */
#include <bsp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minor_faults.h"

enum { kCount = 100000, kPage = 4096 };

int main(int argc, char** argv) {
  int want = argc > 1 ? atoi(argv[1]) : 2;
  int verbose = argc > 2 && strcmp(argv[2], "-v") == 0;
  bsp_begin(want);
  int p = bsp_nprocs(), me = bsp_pid(), next = (me + 1) % p;
  uint64_t* src = malloc(kCount * sizeof(uint64_t));
  uint64_t* dst = malloc(kCount * sizeof(uint64_t));
  long* counts = calloc((size_t)p * 2, sizeof(long));
  if (!src || !dst || !counts) bsp_abort("out of memory");
  for (int i = 0; i < kCount; ++i) {
    src[i] = (uint64_t)me << 32 | (uint64_t)i;
    dst[i] = ~(uint64_t)0; /* not 0: a compiler may make malloc and zeros one calloc, untouched */
  }
  bsp_push_reg(dst, kCount * (int)sizeof(uint64_t));
  bsp_push_reg(counts, p * 2 * (int)sizeof(long));
  bsp_sync();

  long before = minor_faults();
  for (int i = 0; i < kCount; ++i) bsp_put(next, &src[i], dst, i * (int)sizeof(uint64_t), 8);
  bsp_sync();
  long first = minor_faults() - before;
  before = minor_faults();
  for (int i = 0; i < kCount; ++i) bsp_put(next, &src[i], dst, i * (int)sizeof(uint64_t), 8);
  bsp_sync();
  long second = minor_faults() - before;

  int prev = (me + p - 1) % p;
  for (int i = 0; i < kCount; ++i)
    if (dst[i] != ((uint64_t)prev << 32 | (uint64_t)i)) bsp_abort("wrong value at %d", i);
  long mine[2] = {first, second};
  bsp_put(0, mine, counts, me * 2 * (int)sizeof(long), sizeof mine);
  bsp_sync();
  if (me == 0) {
    long limit = (long)kCount * 8 / kPage / 4;
    int fail = 0;
    for (int q = 0; q < p; ++q) fail |= counts[2 * q] > limit || counts[2 * q + 1] > limit;
    if (fail || verbose) {
      for (int q = 0; q < p; ++q)
        printf(
            "process %d: %ld faults in its first superstep of %d 8-byte puts, %ld in the second "
            "(limit %ld)\n",
            q, counts[2 * q], kCount, counts[2 * q + 1], limit);
      if (fail) printf("FAIL\n");
    }
    if (!fail) printf("PASS\n");
  }
  bsp_end();
  free(counts);
  free(dst);
  free(src);
  return 0;
}
