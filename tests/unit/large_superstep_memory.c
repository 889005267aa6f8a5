/* The memory of a large superstep (util/memory_keep.hpp), at p = 2, where each
 * large superstep sends kBig bytes to the other process with one bsp_send (its
 * stream then holds more than the 64 MiB every buffer keeps):
 *
 * 1. While large supersteps recur (one in three, as the FFT's permutation), the
 *    buffers keep their memory: the third and fourth large supersteps (the
 *    second use of each parity) take under a quarter of the page faults of the
 *    first. Before, the outbox gave its streams back at the next use of its
 *    parity, and every large superstep faulted them in again (3-5 us a page in
 *    a VM).
 * 2. After the last one, the memory goes back: 2 * kQuietUses small supersteps
 *    later the process holds at least the given number of MiB fewer (default
 *    128: its two parities' outgoing streams, 160 MiB; where the streams are
 *    read in the sender's memory, BSP_FORCE=xmem_large=read, the buffers they were
 *    fetched into go back too, 320 MiB in all).
 *
 * Usage: test_unit_large_superstep_memory [MiB] [-v]. Prints "PASS" from pid
 * 0, or the counts and FAIL; "-v" prints the counts. */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "minor_faults.h"

enum { kRounds = 4, kQuietUses = 8 };
static const long kBig = 80L << 20;

static long resident_bytes(void) {
  long pages = 0, resident = 0;
  FILE* f = fopen("/proc/self/statm", "r");
  if (!f) return -1;
  if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = -1;
  fclose(f);
  return resident < 0 ? -1 : resident * sysconf(_SC_PAGESIZE);
}

int main(int argc, char** argv) {
  int verbose = 0;
  long given_back = 128L << 20;
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "-v") == 0)
      verbose = 1;
    else
      given_back = atol(argv[i]) << 20;
  }
  bsp_begin(2);
  int me = bsp_pid(), other = 1 - me;
  char* big = malloc((size_t)kBig);
  long* counts = calloc(2 * (kRounds + 2), sizeof(long));
  if (!big || !counts) bsp_abort("out of memory");
  memset(big, 'a' + me, (size_t)kBig);
  bsp_push_reg(counts, 2 * (kRounds + 2) * (int)sizeof(long));
  bsp_sync();

  long mine[kRounds + 2];
  for (int round = 0; round < kRounds; ++round) {
    long before = minor_faults();
    bsp_send(other, NULL, big, (int)kBig);
    bsp_sync();
    mine[round] = minor_faults() - before;
    int messages = 0, bytes = 0;
    bsp_qsize(&messages, &bytes);
    if (messages != 1 || bytes != kBig) bsp_abort("process %d received %d bytes", me, bytes);
    bsp_sync();
    bsp_sync();
  }
  long held = resident_bytes();
  for (int step = 0; step < 2 * kQuietUses; ++step) bsp_sync();
  mine[kRounds] = held;
  mine[kRounds + 1] = resident_bytes();

  bsp_put(0, mine, counts, me * (kRounds + 2) * (int)sizeof(long), sizeof mine);
  bsp_sync();
  if (me == 0) {
    int fail = 0;
    for (int q = 0; q < 2; ++q) {
      const long* c = counts + q * (kRounds + 2);
      fail |= c[2] * 4 > c[0] || c[3] * 4 > c[0];
      fail |= c[kRounds] < 0 || c[kRounds] - c[kRounds + 1] < given_back;
    }
    if (fail || verbose) {
      for (int q = 0; q < 2; ++q) {
        const long* c = counts + q * (kRounds + 2);
        printf(
            "process %d: faults in its large supersteps %ld %ld %ld %ld (the last two under a "
            "quarter of the first); resident %.0f MiB after them, %.0f MiB %d supersteps later "
            "(at least %ld MiB fewer)\n",
            q, c[0], c[1], c[2], c[3], c[kRounds] / 1048576.0, c[kRounds + 1] / 1048576.0,
            2 * kQuietUses, given_back >> 20);
      }
    }
    printf(fail ? "FAIL\n" : "PASS\n");
  }
  bsp_end();
  free(counts);
  free(big);
  return 0;
}
