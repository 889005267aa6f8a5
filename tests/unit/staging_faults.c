/* Large puts in a steady run of supersteps take no page faults: every process
 * maps the pages of its own staging ring (which it writes) and of each other
 * process's (which it reads) once, before the first use, not one fault every
 * few pages through the ring's whole first round (core/cache_ring.hpp).
 *
 * p processes (argument 1, default 4) each put `kBytes` to every other one per
 * superstep; after kWarmUp supersteps (first use of the ring, the buffers,
 * the barrier) the minor faults of the next kSteady supersteps are counted:
 * at p = 4 that takes each parity's ring round at least once even at its
 * largest (20 MiB with the quarter past its end), at p = 2 over more than half
 * of it. Before the readers mapped the rings up front, this
 * counted about 5 faults a superstep at p = 4 on a two-core VM; now 0. The
 * limit leaves room for a rare fault from elsewhere (a hinting fault of NUMA
 * balancing), not for one per superstep.
 *
 * Prints "PASS" from pid 0, or each process's count and FAIL. Prints "SKIP" where
 * the kernel lacks MADV_POPULATE_READ (Linux < 5.14): there the faults stay. */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>

enum { kBytes = 64 * 1024, kWarmUp = 4, kSteady = 400 };

static long minor_faults(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

static int kernel_can_populate(void) {
#ifdef MADV_POPULATE_READ
  void* page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) return 0;
  int ok = madvise(page, 4096, MADV_POPULATE_READ) == 0;
  munmap(page, 4096);
  return ok;
#else
  return 0;
#endif
}

int main(int argc, char** argv) {
  int want = argc > 1 ? atoi(argv[1]) : 4;
  if (!kernel_can_populate()) {
    printf("SKIP: the kernel cannot populate mappings in advance (MADV_POPULATE_READ)\n");
    return 0;
  }
  bsp_begin(want);
  int p = bsp_nprocs(), me = bsp_pid();
  size_t total = (size_t)kBytes * (size_t)p;
  char* src = malloc(total);
  char* dst = malloc(total);
  long* faults = calloc((size_t)p, sizeof(long));
  if (!src || !dst || !faults) bsp_abort("out of memory");
  memset(src, 'a' + me, total);
  memset(dst, 0, total);
  bsp_push_reg(dst, (int)total);
  bsp_push_reg(faults, p * (int)sizeof(long));
  bsp_sync();
  long before = 0;
  for (int step = 0; step < kWarmUp + kSteady; ++step) {
    if (step == kWarmUp) before = minor_faults();
    for (int k = 1; k < p; ++k) {
      int q = (me + k) % p;
      bsp_put(q, src + (size_t)q * kBytes, dst, me * kBytes, kBytes);
    }
    bsp_sync();
  }
  long mine = minor_faults() - before;
  for (int q = 0; q < p; ++q)
    if (q != me && dst[(size_t)q * kBytes + kBytes - 1] != 'a' + q)
      bsp_abort("wrong data from process %d", q);
  bsp_put(0, &mine, faults, me * (int)sizeof(long), sizeof(long));
  bsp_sync();
  if (me == 0) {
    int fail = 0;
    for (int q = 0; q < p; ++q) fail |= faults[q] > kSteady / 20;
    if (fail) {
      for (int q = 0; q < p; ++q)
        printf("process %d: %ld minor faults in %d steady supersteps\n", q, faults[q], kSteady);
      printf("FAIL\n");
    } else {
      printf("PASS\n");
    }
  }
  bsp_end();
  free(faults);
  free(dst);
  free(src);
  return 0;
}
