/* The distribution step of the paper's randomised sample sort (§5.3), written fresh, with the
 * splitter selection before it and the local sort after it:
 *   1. every process draws R samples of its keys and puts them into every process;
 *   2. every process sorts the p*R samples and picks ranks R, 2R, ..., (p-1)R as splitters;
 *   3. every key is sent with bsp_send (no tag) to the process owning its bucket; each process
 *      sizes its bucket with bsp_qsize and bsp_moves the keys in;
 *   4. each process sorts its bucket.
 * Checks: every key lands in the right bucket, no key is lost or duplicated (count and
 * checksum of the integer-valued keys), and the buckets are globally sorted. */
#include <stdio.h>
#include <stdlib.h>

#include "spmd_check.h"

#define A_SIZE 200
#define R 8
#define MAX_P 64

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The bucket of key: the number of splitters that are <= key. */
static int bucket(double key, const double *s, int nsplitters) {
  int j = 0;
  while (j < nsplitters && s[j] <= key) j++;
  return j;
}

static double samples[MAX_P * R];
/* Per process: number of keys, sum of keys, smallest and largest key of its bucket. */
static double stats[MAX_P][4];

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  CHECK(p <= MAX_P);
  double a[A_SIZE], my_sum = 0;
  unsigned state = 12345u + 7919u * (unsigned)pid;
  for (int i = 0; i < A_SIZE; i++) {
    state = state * 1103515245u + 12345u;
    a[i] = (double)((state >> 8) % 100000u); /* integers, so sums are exact */
    my_sum += a[i];
  }
  bsp_push_reg(samples, sizeof samples);
  bsp_push_reg(stats, sizeof stats);
  bsp_sync();

  /* 1. Samples. */
  for (int t = 0; t < p; t++) {
    for (int k = 0; k < R; k++) {
      bsp_put(t, &a[(k * A_SIZE) / R], samples, (pid * R + k) * (int)sizeof(double),
              sizeof(double));
    }
  }
  bsp_sync();

  /* 2. Splitters. */
  qsort(samples, (size_t)(p * R), sizeof(double), compare);
  double s[MAX_P];
  for (int j = 1; j < p; j++) s[j - 1] = samples[j * R];

  /* 3. Distribution, as in the paper. */
  for (int i = 0; i < A_SIZE; i++) {
    int j = bucket(a[i], s, p - 1);
    bsp_send(j, NULL, &a[i], sizeof(double));
  }
  bsp_sync();
  int b_size, dummy;
  bsp_qsize(&b_size, &dummy);
  CHECK_EQ(dummy, b_size * (int)sizeof(double), "the payload bytes of the bucket");
  double *b = calloc((size_t)b_size + 1, sizeof(double));
  CHECK(b != NULL);
  for (int i = 0; i < b_size; i++) bsp_move(&b[i], sizeof(double));

  /* 4. Local sort and checks. */
  qsort(b, (size_t)b_size, sizeof(double), compare);
  double bucket_sum = 0;
  for (int i = 0; i < b_size; i++) {
    CHECK_EQ(bucket(b[i], s, p - 1), pid, "the bucket of a received key");
    bucket_sum += b[i];
  }
  double mine[4] = {b_size, bucket_sum, b_size ? b[0] : 0, b_size ? b[b_size - 1] : 0};
  double sent[2] = {A_SIZE, my_sum};
  for (int t = 0; t < p; t++) bsp_put(t, mine, stats, pid * (int)sizeof mine, sizeof mine);
  /* Totals of the input: every process sends its count and sum to everyone with BSMP. */
  for (int t = 0; t < p; t++) bsp_send(t, NULL, sent, sizeof sent);
  bsp_sync();

  double total_in = 0, sum_in = 0, total_out = 0, sum_out = 0;
  for (int k = 0; k < p; k++) {
    double in[2];
    bsp_move(in, sizeof in);
    total_in += in[0];
    sum_in += in[1];
    total_out += stats[k][0];
    sum_out += stats[k][1];
  }
  CHECK(total_in == A_SIZE * p);
  CHECK(total_out == total_in);
  CHECK(sum_out == sum_in);
  double previous_max = -1;
  for (int k = 0; k < p; k++) {
    if (stats[k][0] == 0) continue;
    CHECK(stats[k][2] >= previous_max);
    previous_max = stats[k][3];
  }
  free(b);
  bsp_pop_reg(stats);
  bsp_pop_reg(samples);
  bsp_end();
  printf("PASS\n");
  return 0;
}
