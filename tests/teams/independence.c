/* Teams synchronise their own processes only: at p = 4 in two teams of two, team 0 makes 1000
 * supersteps (a few milliseconds) while a process of team 1 sleeps 600 ms in one superstep; team
 * 0 must be done well before that sleep ends (it would wait for the sleeper behind any global
 * barrier), with room for a machine loaded by other tests. */
#include <bsp.h>
#include <stdio.h>
#include <time.h>

int main(void) {
  bsp_begin(4);
  const int me = bsp_pid();
  int fail = 0;
  bsp_team_begin(me % 2, me);
  const double start = bsp_time();
  if (me % 2 == 0) {
    for (int i = 0; i < 1000; ++i) bsp_sync();
    const double took = bsp_time() - start;
    if (took > 0.5) {
      printf("FAIL on process %d: 1000 supersteps of a team took %.3f s while the other team "
             "slept 0.6 s\n", me, took);
      fail = 1;
    }
  } else {
    if (bsp_pid() == 0) {
      struct timespec sleep = {0, 600 * 1000 * 1000};
      nanosleep(&sleep, NULL);
    }
    bsp_sync();
  }
  bsp_team_end();
  bsp_end();
  if (!fail) printf("PASS\n");
  return fail;
}
