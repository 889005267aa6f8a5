/* Runs of small puts for the profiler's end-to-end test (end_to_end_test.cpp,
 * PutRuns*): the puts the program's inline tier continues with no call, which
 * the profile must count exactly all the same. N = 1000; next = pid + 1 and
 * prev = pid - 1, cyclically.
 *   superstep 0: registers A, B, H, M (4 N words each) and C (N + p words).
 *   superstep 1: N 8-byte puts to next into A (one run); N/2 16-byte puts to
 *     next into B, and N/2 more 16 bytes apart after those (a strided
 *     pattern, no run); N 8-byte hpputs to prev into H; N/2 8-byte puts and hpputs
 *     alternating to next into M; N/2 puts to next into M after those, their
 *     sizes 8, 16, 8, 4, 24 in turn (a 24-byte put makes a record of its own,
 *     the others are small), each where the last ended; N 8-byte puts
 *     dealt cyclically (element i to process pid + i, at word
 *     pid * ceil(N / p) + i / p there: the puts to each process continue one
 *     another while puts to the others come in between) into C.
 *   superstep 2: N 8-byte puts to next into A, elements 0..N-1;
 *   superstep 3: elements N..3N-1 (continuing superstep 2's run), with a
 *     bsp_push_reg after element 2N + N/2;
 *   superstep 4: elements 3N..4N-1, with the bsp_pop_reg of superstep 3's
 *     registration after element 3N + N/2.
 * After each sync every process checks what landed from prev (and, for C,
 * from everyone), and aborts naming the first wrong word. */
#include <bsp.h>
#include <stdint.h>

enum { N = 1000, kMaxProcs = 64 };

static uint64_t A[4 * N], B[4 * N], H[4 * N], M[4 * N], C[N + kMaxProcs], D[4];
static uint64_t src[4 * N], src_pairs[2 * N];

static uint64_t value(int pid, int i) { return (uint64_t)pid << 32 | (uint64_t)i; }

static void expect(const char* what, int i, uint64_t got, uint64_t want) {
  if (got != want)
    bsp_abort("put_runs: %s[%d] is %llx, not %llx\n", what, i, (unsigned long long)got,
              (unsigned long long)want);
}

/* Superstep 1's mixed run into M from word `first` on: returns the words it wrote. */
static int mixed_sizes(int next, int first) {
  static const int sizes[5] = {8, 16, 8, 4, 24};
  int offset = first * 8;
  for (int i = 0; i < N / 2; ++i) {
    int nbytes = sizes[i % 5];
    bsp_put(next, (const char*)src + offset, M, offset, nbytes);
    offset += nbytes;
  }
  return offset;
}

static void superstep1(int me, int p) {
  const int next = (me + 1) % p, prev = (me + p - 1) % p;
  for (int i = 0; i < N; ++i) bsp_put(next, &src[i], A, i * 8, 8);
  for (int i = 0; i < N / 2; ++i) bsp_put(next, &src_pairs[2 * i], B, i * 16, 16);
  for (int i = 0; i < N / 2; ++i) bsp_put(next, &src_pairs[2 * i], B, (2 * N + 4 * i) * 8, 16);
  for (int i = 0; i < N; ++i) bsp_hpput(prev, &src[i], H, i * 8, 8);
  for (int i = 0; i < N / 2; ++i) {
    if (i % 2 == 0)
      bsp_put(next, &src[i], M, i * 8, 8);
    else
      bsp_hpput(next, &src[i], M, i * 8, 8);
  }
  const int mixed_end = mixed_sizes(next, N / 2);
  const int slice = (N + p - 1) / p;
  for (int i = 0; i < N; ++i) bsp_put((me + i) % p, &src[i], C, (me * slice + i / p) * 8, 8);
  bsp_sync();
  for (int i = 0; i < N; ++i) expect("A", i, A[i], value(prev, i));
  for (int i = 0; i < N; ++i) expect("B", i, B[i], value(prev, i));
  for (int i = 0; i < N; ++i) {
    const int word = 2 * N + i / 2 * 4 + i % 2; /* the strided puts' */
    expect("B", word, B[word], value(prev, i));
  }
  for (int i = 0; i < N; ++i) expect("H", i, H[i], value(next, i));
  for (int i = 0; i < mixed_end / 8; ++i) expect("M", i, M[i], value(prev, i));
  for (int i = 0; i < N; ++i) {
    /* Element i of process q lands here when (q + i) % p == me. */
    const int q = ((me - i) % p + p) % p;
    expect("C", q * slice + i / p, C[q * slice + i / p], value(q, i));
  }
}

static void put_elements(int next, int from, int to) {
  for (int i = from; i < to; ++i) bsp_put(next, &src[i], A, i * 8, 8);
}

static void check_elements(int prev, int to) {
  for (int i = 0; i < to; ++i) expect("A", i, A[i], value(prev, i));
}

int main(void) {
  bsp_begin(bsp_nprocs());
  const int me = bsp_pid(), p = bsp_nprocs();
  if (p > kMaxProcs) bsp_abort("put_runs: at most %d processes\n", kMaxProcs);
  const int next = (me + 1) % p, prev = (me + p - 1) % p;
  for (int i = 0; i < 4 * N; ++i) src[i] = value(me, i);
  for (int i = 0; i < N; ++i) src_pairs[i] = value(me, i);
  bsp_push_reg(A, sizeof A);
  bsp_push_reg(B, sizeof B);
  bsp_push_reg(H, sizeof H);
  bsp_push_reg(M, sizeof M);
  bsp_push_reg(C, sizeof C);
  bsp_sync();
  superstep1(me, p);
  put_elements(next, 0, N);
  bsp_sync();
  check_elements(prev, N);
  put_elements(next, N, 2 * N + N / 2);
  bsp_push_reg(D, sizeof D);
  put_elements(next, 2 * N + N / 2, 3 * N);
  bsp_sync();
  check_elements(prev, 3 * N);
  put_elements(next, 3 * N, 3 * N + N / 2);
  bsp_pop_reg(D);
  put_elements(next, 3 * N + N / 2, 4 * N);
  bsp_sync();
  check_elements(prev, 4 * N);
  bsp_end();
  return 0;
}
