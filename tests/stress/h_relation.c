/* An h-relation of p * p * chunk bytes in one superstep (default p = 4, chunk = 64 MiB: 1 GiB in
 * all): every process puts one chunk to every process, itself included, refilling its source
 * between puts (bsp_put reads its source at the call), so every destination block must hold the
 * pattern of its own (source, destination) pair.
 *   h_relation [p [chunk_mib]] */
#include <stdint.h>
#include <string.h>

#include "stress_report.h"

static uint64_t word(int source, int dest, size_t index) {
  return ((uint64_t)source << 56) ^ ((uint64_t)dest << 48) ^ (index * 0x9E3779B97F4A7C15ull);
}

static long nprocs_arg, chunk_mib;

static void spmd(void) {
  bsp_begin((int)nprocs_arg);
  int p = bsp_nprocs(), pid = bsp_pid();
  size_t chunk = (size_t)chunk_mib << 20, words = chunk / sizeof(uint64_t);
  CHECK((size_t)p * chunk <= (size_t)INT32_MAX); /* offsets and sizes are int */
  uint64_t *src = (uint64_t *)malloc(chunk);
  uint64_t *dst = (uint64_t *)malloc((size_t)p * chunk);
  CHECK(src != NULL && dst != NULL);
  memset(dst, 0, (size_t)p * chunk);
  bsp_push_reg(dst, (int)((size_t)p * chunk));
  bsp_sync();

  double start = bsp_time();
  for (int q = 0; q < p; q++) {
    for (size_t i = 0; i < words; i++) src[i] = word(pid, q, i);
    bsp_put(q, src, dst, (int)((size_t)pid * chunk), (int)chunk);
  }
  bsp_sync();
  double elapsed = bsp_time() - start;

  for (int s = 0; s < p; s++)
    for (size_t i = 0; i < words; i++)
      if (dst[(size_t)s * words + i] != word(s, pid, i))
        bsp_abort("h_relation: process %d, word %zu of the block from process %d is wrong", pid, i,
                  s);
  double total = (double)p * p * chunk;
  if (pid == 0)
    printf(
        "h_relation: p = %d, %.0f MiB per put, %.3f GiB in all: %.3f s (fill, puts and sync), "
        "%.2f GiB/s; data verified\n",
        p, chunk / STRESS_MIB, total / (1024 * STRESS_MIB), elapsed,
        total / (1024 * STRESS_MIB) / elapsed);
  stress_report_memory("h_relation", (double)p * chunk);
  bsp_end();
}

int main(int argc, char **argv) {
  nprocs_arg = stress_arg(argc, argv, 1, 4);
  chunk_mib = stress_arg(argc, argv, 2, 64);
  spmd();
  printf("PASS\n");
  return 0;
}
