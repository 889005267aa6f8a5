/* Small puts in a run and small puts apart, for the profiler's end-to-end test
 * (end_to_end_test.cpp, SmallPutsApart*). N = 1000 8-byte puts to the next process
 * (cyclically) in each of two supersteps:
 *   superstep 1: element i at word i (each put continues the one before: runs);
 *   superstep 2: element i at word 2 i + 1 (each put lands a word after the last one
 *     ended: none continues a run, as an FFT's permutation puts its numbers apart).
 * After each sync every process checks what landed from the previous one and aborts naming
 * the first wrong word. */
#include <bsp.h>
#include <stdint.h>

enum { N = 1000 };

static uint64_t X[2 * N + 2], src[N];

static void expect(int i, uint64_t got, uint64_t want) {
  if (got != want)
    bsp_abort("scattered_puts: X[%d] is %llx, not %llx\n", i, (unsigned long long)got,
              (unsigned long long)want);
}

int main(void) {
  bsp_begin(bsp_nprocs());
  const int me = bsp_pid(), p = bsp_nprocs();
  const int next = (me + 1) % p, prev = (me + p - 1) % p;
  for (int i = 0; i < N; ++i) src[i] = (uint64_t)me << 32 | (uint64_t)i;
  bsp_push_reg(X, sizeof X);
  bsp_sync();

  for (int i = 0; i < N; ++i) bsp_put(next, &src[i], X, i * 8, 8);
  bsp_sync();
  for (int i = 0; i < N; ++i) expect(i, X[i], (uint64_t)prev << 32 | (uint64_t)i);

  for (int i = 0; i < N; ++i) bsp_put(next, &src[i], X, (2 * i + 1) * 8, 8);
  bsp_sync();
  for (int i = 0; i < N; ++i) expect(2 * i + 1, X[2 * i + 1], (uint64_t)prev << 32 | (uint64_t)i);

  bsp_pop_reg(X);
  bsp_end();
  return 0;
}
