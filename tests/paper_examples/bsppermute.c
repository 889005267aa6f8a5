/* The paper's bsppermute (§5.2), written fresh: the FFT permutation of a block-distributed
 * complex vector x of length n: local element j of process s goes to global position
 * j * p + s. The buffered put makes a temporary array unnecessary.
 * x is registered once outside; the permutation is applied twice and compared with a
 * sequential simulation of the whole vector. */
#include <stdio.h>

#include "spmd_check.h"

typedef struct {
  double re, im;
} complex_t;

#define N_OVER_P 8
#define MAX_P 64

static void bsppermute(complex_t *x, int n) {
  int p = bsp_nprocs(), n_over_p = n / p;
  for (int j = 0; j < n_over_p; j++) {
    int sigma = j * p + bsp_pid();
    int dst_pid = sigma / n_over_p, dst_idx = sigma % n_over_p;
    bsp_put(dst_pid, &x[j], x, dst_idx * (int)sizeof(complex_t), sizeof(complex_t));
  }
  bsp_sync();
}

static complex_t x[N_OVER_P];
static complex_t global[N_OVER_P * MAX_P], permuted[N_OVER_P * MAX_P];

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), n = N_OVER_P * p;
  CHECK(p <= MAX_P);
  for (int g = 0; g < n; g++) {
    global[g].re = g;
    global[g].im = -2.0 * g;
  }
  for (int j = 0; j < N_OVER_P; j++) x[j] = global[pid * N_OVER_P + j];
  bsp_push_reg(x, sizeof x);
  bsp_sync();
  for (int round = 0; round < 2; round++) {
    bsppermute(x, n);
    for (int g = 0; g < n; g++) {
      int s = g / N_OVER_P, j = g % N_OVER_P;
      permuted[j * p + s] = global[g];
    }
    for (int g = 0; g < n; g++) global[g] = permuted[g];
    for (int j = 0; j < N_OVER_P; j++) {
      CHECK(x[j].re == global[pid * N_OVER_P + j].re);
      CHECK(x[j].im == global[pid * N_OVER_P + j].im);
    }
  }
  bsp_pop_reg(x);
  bsp_end();
  printf("PASS\n");
  return 0;
}
