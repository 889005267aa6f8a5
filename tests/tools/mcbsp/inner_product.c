/* An inner product in the style of BSPedupack 2.0 (bspinprod), written for
 * the MulticoreBSP interface: unsigned process ids, size_t sizes. The
 * vectors x = y = (1, 2, ..., n) are distributed cyclically; every process
 * puts its partial sum into slot s of every process's array. */
#include <mcbsp.h>
#include <stdio.h>
#include <stdlib.h>

static double bspip(bsp_pid_t p, bsp_pid_t s, size_t n, const double *x, const double *y) {
  double *inprod = malloc(p * sizeof(double));
  if (inprod == NULL) bsp_abort("bspip: no memory\n");
  bsp_push_reg(inprod, p * sizeof(double));
  bsp_sync();

  double partial = 0.0;
  for (size_t i = 0; i < n; ++i) partial += x[i] * y[i];
  for (bsp_pid_t t = 0; t < p; ++t)
    bsp_put(t, &partial, inprod, s * sizeof(double), sizeof(double));
  bsp_sync();

  double alpha = 0.0;
  for (bsp_pid_t t = 0; t < p; ++t) alpha += inprod[t];
  bsp_pop_reg(inprod);
  free(inprod);
  return alpha;
}

int main(void) {
  bsp_begin(bsp_nprocs());
  bsp_pid_t p = bsp_nprocs();
  bsp_pid_t s = bsp_pid();
  const size_t n = 1000;
  size_t nlocal = (n + p - 1 - s) / p; /* cyclic distribution: global i = s + k*p */
  double *x = malloc((nlocal + 1) * sizeof(double));
  if (x == NULL) bsp_abort("no memory\n");
  for (size_t k = 0; k < nlocal; ++k) x[k] = (double)(s + k * p + 1);

  double alpha = bspip(p, s, nlocal, x, x);
  printf("process %u: inner product = %.0f\n", s, alpha);
  free(x);
  bsp_end();
  return 0;
}
