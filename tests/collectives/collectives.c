/*
 * Every level-1 collective of bsp_level1.h against the sequential result, for
 * odd sizes and zero-length inputs, with a non-commutative operator (so a
 * result in any order but rank order fails). argv[1] forces the algorithm:
 * auto, direct, two_phase or messages, or mixed (auto, but for bsp_alltoallv
 * even pids force messages and odd pids direct). After each collective the level-1 rules are
 * checked: the queue is empty, the tag size unchanged, and an area the
 * program registered before still works.
 */
#include <bsp.h>
#include <bsp_level1.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "spmd_check.h"

/* x -> a*x + b modulo 2^32; combining means "first acc, then in". */
typedef struct {
  unsigned a, b;
} affine;

static void compose(void *acc, const void *in, int count, void *arg) {
  affine *x = acc;
  const affine *y = in;
  CHECK(arg == (void *)&compose);
  for (int i = 0; i < count; ++i) {
    affine r = {y[i].a * x[i].a, y[i].a * x[i].b + y[i].b};
    x[i] = r;
  }
}

static affine value(int pid, int e) {
  affine v = {2u * (unsigned)(pid * 131 + e * 7) + 1u, (unsigned)(pid * 1000 + e)};
  return v;
}

/* The sequential combination of ranks first..last of element e. */
static affine fold(int first, int last, int e) {
  affine acc = value(first, e);
  for (int r = first + 1; r <= last; ++r) {
    affine v = value(r, e);
    compose(&acc, &v, 1, (void *)&compose);
  }
  return acc;
}

static int marker; /* registered by the program before every collective */
static bsp_collective_algorithm forced = BSP_COLLECTIVE_AUTO; /* argv[1] */

static void check_rules(const char *after) {
  int n = -1, bytes = -1;
  bsp_qsize(&n, &bytes);
  if (n != 0) bsp_abort("%s left %d messages in the queue", after, n);
  int tag = 4; /* set, read the previous back, restore */
  bsp_set_tagsize(&tag);
  if (tag != 0) bsp_abort("%s changed the tag size to %d", after, tag);
  bsp_set_tagsize(&tag);
  /* The program's own registration still maps marker on every process. */
  int mine = bsp_pid() + 1;
  bsp_put((bsp_pid() + 1) % bsp_nprocs(), &mine, &marker, 0, sizeof mine);
  bsp_sync();
  CHECK_EQ(marker, (bsp_pid() + bsp_nprocs() - 1) % bsp_nprocs() + 1, "marker");
}

static void check_affine(const affine *got, const affine *want, int count, const char *what) {
  for (int e = 0; e < count; ++e)
    if (got[e].a != want[e].a || got[e].b != want[e].b)
      bsp_abort("%s on process %d: element %d is (%u, %u), expected (%u, %u)", what, bsp_pid(), e,
                got[e].a, got[e].b, want[e].a, want[e].b);
}

static void combining(int count) {
  const int p = bsp_nprocs(), me = bsp_pid();
  affine *src = malloc(sizeof(affine) * (count + 1));
  affine *dst = malloc(sizeof(affine) * (count + 1));
  affine *want = malloc(sizeof(affine) * (count + 1));
  for (int e = 0; e < count; ++e) src[e] = value(me, e);
  const affine untouched = {12345u, 678u};

  for (int root = 0; root < p; root += (p > 2 ? p - 2 : 1)) {
    for (int e = 0; e <= count; ++e) dst[e] = untouched;
    bsp_reduce(root, src, dst, count, sizeof(affine), compose, (void *)&compose);
    for (int e = 0; e < count; ++e) want[e] = me == root ? fold(0, p - 1, e) : untouched;
    check_affine(dst, want, count, "bsp_reduce");
    CHECK(dst[count].a == untouched.a); /* nothing past the end */
    check_rules("bsp_reduce");
  }

  bsp_allreduce(src, dst, count, sizeof(affine), compose, (void *)&compose);
  for (int e = 0; e < count; ++e) want[e] = fold(0, p - 1, e);
  check_affine(dst, want, count, "bsp_allreduce");
  check_rules("bsp_allreduce");

  bsp_scan_inclusive(src, dst, count, sizeof(affine), compose, (void *)&compose);
  for (int e = 0; e < count; ++e) want[e] = fold(0, me, e);
  check_affine(dst, want, count, "bsp_scan_inclusive");
  check_rules("bsp_scan_inclusive");

  for (int e = 0; e < count; ++e) dst[e] = untouched;
  bsp_scan_exclusive(src, dst, count, sizeof(affine), compose, (void *)&compose);
  for (int e = 0; e < count; ++e) want[e] = me == 0 ? untouched : fold(0, me - 1, e);
  check_affine(dst, want, count, "bsp_scan_exclusive");
  check_rules("bsp_scan_exclusive");

  /* In place: src and dst the same area. */
  memcpy(dst, src, sizeof(affine) * count);
  bsp_allreduce(dst, dst, count, sizeof(affine), compose, (void *)&compose);
  for (int e = 0; e < count; ++e) want[e] = fold(0, p - 1, e);
  check_affine(dst, want, count, "bsp_allreduce in place");
  memcpy(dst, src, sizeof(affine) * count);
  bsp_scan_inclusive(dst, dst, count, sizeof(affine), compose, (void *)&compose);
  for (int e = 0; e < count; ++e) want[e] = fold(0, me, e);
  check_affine(dst, want, count, "bsp_scan_inclusive in place");
  memcpy(dst, src, sizeof(affine) * count);
  bsp_reduce(p - 1, dst, dst, count, sizeof(affine), compose, (void *)&compose);
  if (me == p - 1) {
    for (int e = 0; e < count; ++e) want[e] = fold(0, p - 1, e);
    check_affine(dst, want, count, "bsp_reduce in place, root the last process");
  }
  free(src);
  free(dst);
  free(want);
}

static unsigned char byte_of(int pid, int block, int i) {
  return (unsigned char)(pid * 37 + block * 11 + i * 3 + 1);
}

static void moving(int n) {
  const int p = bsp_nprocs(), me = bsp_pid();
  unsigned char *src = malloc((size_t)p * n + 1), *dst = malloc((size_t)p * n + 1);
  for (int root = 0; root < p; root += (p > 2 ? p - 2 : 1)) {
    for (int i = 0; i < n; ++i) src[i] = me == root ? byte_of(root, 0, i) : 0;
    memset(dst, 0xEE, (size_t)n + 1);
    bsp_broadcast(root, src, dst, n);
    if (forced != BSP_COLLECTIVE_AUTO) CHECK_EQ(bsp_collective_chosen(), forced, "algorithm used");
    for (int i = 0; i < n; ++i) CHECK_EQ(dst[i], byte_of(root, 0, i), "broadcast byte");
    CHECK_EQ(dst[n], 0xEE, "byte past the broadcast");
    check_rules("bsp_broadcast");
    bsp_broadcast(root, src, src, n); /* in place */
    for (int i = 0; i < n; ++i) CHECK_EQ(src[i], byte_of(root, 0, i), "in-place broadcast byte");

    for (int i = 0; i < n; ++i) src[i] = byte_of(me, 0, i);
    memset(dst, 0xEE, (size_t)p * n + 1);
    bsp_gather(root, src, dst, n);
    for (int q = 0; q < p; ++q)
      for (int i = 0; i < n; ++i)
        CHECK_EQ(dst[q * n + i], me == root ? byte_of(q, 0, i) : 0xEE, "gathered byte");
    check_rules("bsp_gather");

    for (int q = 0; q < p; ++q)
      for (int i = 0; i < n; ++i) src[q * n + i] = me == root ? byte_of(root, q, i) : 0;
    memset(dst, 0xEE, (size_t)n + 1);
    bsp_scatter(root, src, dst, n);
    for (int i = 0; i < n; ++i) CHECK_EQ(dst[i], byte_of(root, me, i), "scattered byte");
    CHECK_EQ(dst[n], 0xEE, "byte past the scatter");
    check_rules("bsp_scatter");
  }
  for (int i = 0; i < n; ++i) src[i] = byte_of(me, 0, i);
  bsp_allgather(src, dst, n);
  for (int q = 0; q < p; ++q)
    for (int i = 0; i < n; ++i) CHECK_EQ(dst[q * n + i], byte_of(q, 0, i), "allgathered byte");
  check_rules("bsp_allgather");

  for (int q = 0; q < p; ++q)
    for (int i = 0; i < n; ++i) src[q * n + i] = byte_of(me, q, i);
  bsp_alltoall(src, dst, n);
  for (int q = 0; q < p; ++q)
    for (int i = 0; i < n; ++i) CHECK_EQ(dst[q * n + i], byte_of(q, me, i), "exchanged byte");
  check_rules("bsp_alltoall");
  free(src);
  free(dst);
}

static int mixed; /* alltoallv: even pids force messages, odd pids direct */

/* Process i sends ((i + j + n) % 4) * (n / 3 + 1) bytes to j (zero for some
 * pairs, odd for others), in reverse order of j in its buffer. */
static void exchanging(int n) {
  const int p = bsp_nprocs(), me = bsp_pid(), unit = n / 3 + 1;
  int *sc = malloc(sizeof(int) * p), *sd = malloc(sizeof(int) * p);
  int *rc = malloc(sizeof(int) * p), *rd = malloc(sizeof(int) * p);
  int total_s = 0, total_r = 0;
  for (int j = p - 1; j >= 0; --j)
    sc[j] = (me + j + n) % 4 * unit, sd[j] = total_s, total_s += sc[j];
  for (int j = 0; j < p; ++j) rc[j] = (j + me + n) % 4 * unit, rd[j] = total_r, total_r += rc[j];
  unsigned char *src = malloc((size_t)total_s + 1), *dst = malloc((size_t)total_r + 1);
  for (int j = 0; j < p; ++j)
    for (int i = 0; i < sc[j]; ++i) src[sd[j] + i] = byte_of(me, j, i);
  memset(dst, 0xEE, (size_t)total_r + 1);
  if (mixed) bsp_collective_force(me % 2 ? BSP_COLLECTIVE_DIRECT : BSP_COLLECTIVE_MESSAGES);
  bsp_alltoallv(src, sc, sd, dst, rc, rd);
  for (int j = 0; j < p; ++j)
    for (int i = 0; i < rc[j]; ++i) CHECK_EQ(dst[rd[j] + i], byte_of(j, me, i), "alltoallv byte");
  CHECK_EQ(dst[total_r], 0xEE, "byte past the alltoallv");
  if (mixed) {
    CHECK_EQ(bsp_collective_chosen(), me % 2 ? BSP_COLLECTIVE_DIRECT : BSP_COLLECTIVE_MESSAGES,
             "the algorithm bsp_alltoallv used");
    bsp_collective_force(BSP_COLLECTIVE_AUTO);
  }
  check_rules("bsp_alltoallv");
  free(src), free(dst), free(sc), free(sd), free(rc), free(rd);
}

static void oxford_names(void) {
  const int p = bsp_nprocs(), me = bsp_pid();
  CHECK_EQ(bsp_sumI(me + 1), p * (p + 1) / 2, "bsp_sumI");
  CHECK(bsp_sumD(0.5) == 0.5 * p);
  CHECK(bsp_sumR(1.0f) == (float)p);
  int want_max = 0;
  for (int q = 0; q < p; ++q) want_max = q * 7 % 5 > want_max ? q * 7 % 5 : want_max;
  CHECK_EQ(bsp_maxI(me * 7 % 5), want_max, "bsp_maxI");
  CHECK_EQ(bsp_minI(10 - me), 11 - p, "bsp_minI");
  CHECK(bsp_maxD(me * 0.25) == (p - 1) * 0.25);
  CHECK_EQ(bsp_prodI(2), 1 << p, "bsp_prodI");
  CHECK_EQ(bsp_all(me < p), 1, "bsp_all");
  CHECK_EQ(bsp_all(me != p - 1), 0, "bsp_all");
  CHECK_EQ(bsp_any(me == p - 1), 1, "bsp_any");
  CHECK_EQ(bsp_any(0), 0, "bsp_any");
  int x = me + 1, total = 0;
  bsp_bcast(p - 1, &x, &total, sizeof x);
  CHECK_EQ(total, p, "bsp_bcast");
  check_rules("the Oxford names");
}

/* Oxford operator: result = left (+) right on one affine map. */
static void oxford_compose(void *result, void *left, void *right, int *nbytes) {
  CHECK_EQ(*nbytes, (int)sizeof(affine), "Oxford nbytes");
  affine r = *(affine *)left;
  compose(&r, right, 1, (void *)&compose);
  *(affine *)result = r;
}

static void oxford_fold_scan(void) {
  const int me = bsp_pid(), p = bsp_nprocs();
  affine x = value(me, 3), y;
  bsp_fold(oxford_compose, &x, &y, sizeof x);
  affine want = fold(0, p - 1, 3);
  check_affine(&y, &want, 1, "bsp_fold");
  bsp_scan(oxford_compose, &x, &y, sizeof x);
  want = fold(0, me, 3);
  check_affine(&y, &want, 1, "bsp_scan");
}

int main(int argc, char **argv) {
  bsp_begin(bsp_nprocs());
  CHECK_EQ(bsp_collective_chosen(), BSP_COLLECTIVE_AUTO, "the algorithm before any collective");
  if (argc > 1 && strcmp(argv[1], "direct") == 0) forced = BSP_COLLECTIVE_DIRECT;
  if (argc > 1 && strcmp(argv[1], "messages") == 0) forced = BSP_COLLECTIVE_MESSAGES;
  if (argc > 1 && strcmp(argv[1], "two_phase") == 0) forced = BSP_COLLECTIVE_TWO_PHASE;
  bsp_collective_force(forced);
  mixed = argc > 1 && strcmp(argv[1], "mixed") == 0;
  bsp_push_reg(&marker, sizeof marker);
  bsp_sync();
  static const int counts[] = {0, 1, 2, 7, 9, 33, 1001};
  for (unsigned k = 0; k < sizeof counts / sizeof counts[0]; ++k) {
    combining(counts[k]);
    moving(counts[k]);
    exchanging(counts[k]);
  }
  oxford_names();
  oxford_fold_scan();
  bsp_pop_reg(&marker);
  bsp_end();
  printf("PASS\n");
  return 0;
}
