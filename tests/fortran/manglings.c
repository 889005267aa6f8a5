/* libbsp_fortran exports each Oxford routine under every mangling it names: lower case with
 * one underscore, lower case with none and upper case. Calls each of three routines by all three
 * names from C; PASS from process 0. */
#include <bsp.h>
#include <bsp_level1.h>
#include <stdio.h>

int bsppid_(void), bsppid(void), BSPPID(void);
int bspnprocs_(void), bspnprocs(void), BSPNPROCS(void);
int bspsumi_(const int *), bspsumi(const int *), BSPSUMI(const int *);

int main(void) {
  bsp_begin(bsp_nprocs());
  int s = bsp_pid(), p = bsp_nprocs(), bad = 0;
  if (bsppid_() != s || bsppid() != s || BSPPID() != s) bad++;
  if (bspnprocs_() != p || bspnprocs() != p || BSPNPROCS() != p) bad++;
  int one = 1;
  if (bspsumi_(&one) != p || bspsumi(&one) != p || BSPSUMI(&one) != p) bad++;
  bad = bsp_sumI(bad);
  if (s == 0) printf(bad == 0 ? "PASS\n" : "FAILED\n");
  bsp_end();
  return 0;
}
