/* A program whose inline paths are in use (built with -O2): each process puts an array of
 * doubles on the next process element by element, then checks it. Linked beside
 * another_layout_number.c, which gives it the layout number of another Superstep, bsp_begin
 * must stop it before any put; linked alone, it prints PASS. */
#include <bsp.h>
#include <stdio.h>

#define ELEMENTS 1024

int main(void) {
  static double source[ELEMENTS], target[ELEMENTS];
  int i, wrong = 0;
  bsp_begin(bsp_nprocs());
  for (i = 0; i < ELEMENTS; i++) source[i] = bsp_pid() * ELEMENTS + i;
  bsp_push_reg(target, sizeof target);
  bsp_sync();
  for (i = 0; i < ELEMENTS; i++)
    bsp_put((bsp_pid() + 1) % bsp_nprocs(), &source[i], target, i * (int)sizeof(double),
            sizeof(double));
  bsp_sync();
  for (i = 0; i < ELEMENTS; i++)
    if (target[i] != ((bsp_pid() + bsp_nprocs() - 1) % bsp_nprocs()) * ELEMENTS + i) wrong++;
  bsp_pop_reg(target);
  bsp_end();
  if (!wrong) printf("PASS\n");
  return wrong != 0;
}
