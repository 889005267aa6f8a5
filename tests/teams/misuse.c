/* Misuse of teams: one clear line, exit status 1. */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "";
  bsp_begin(bsp_nprocs());
  if (strcmp(what, "end_outside") == 0) {
    bsp_team_end();
  } else if (strcmp(what, "end_inside") == 0) {
    bsp_team_begin(0, 0);
    bsp_end();
  } else if (strcmp(what, "colour") == 0) {
    bsp_team_begin(-1, 0);
  } else if (strcmp(what, "too_deep") == 0) {
    for (int level = 1; level <= 9; ++level) bsp_team_begin(0, 0); /* the 9th is one too deep */
  } else if (strcmp(what, "abort") == 0) {
    /* One team stops the run while the other waits in its syncs: everybody stops. */
    bsp_team_begin(bsp_pid() % 2, 0);
    if (bsp_pid() == 0 && bsp_nprocs() > 0 && argc > 2) {
      if (atoi(argv[2]) == 0) bsp_abort("stopped inside a team\n");
    }
    for (int i = 0; i < 1000000; ++i) bsp_sync();
    bsp_team_end();
  } else if (strcmp(what, "abort_one") == 0) {
    /* The machine's process 1 alone stops the run, inside a team whose other processes wait in
     * its sync, while the other team (process 0 in it) runs supersteps of its own: every process
     * stops, one line. */
    const int me = bsp_pid();
    bsp_team_begin(me % 2, me);
    if (me == 1) bsp_abort("process 1 stopped the run inside its team\n");
    for (int i = 0; i < 1000000; ++i) bsp_sync();
    bsp_team_end();
  } else if (strcmp(what, "mismatch_in_one_team") == 0) {
    /* The processes of the odd team disagree on how its last superstep ends while the even team
     * (the machine's process 0 in it) runs supersteps of its own: one line, from the odd team,
     * and every process stopped by the library, not by a launcher that sees one fail. */
    const int me = bsp_pid();
    bsp_team_begin(me % 2, me);
    if (me % 2 == 1 && bsp_pid() == 0) bsp_sync();
    for (int i = 0; me % 2 == 0 && i < 1000000; ++i) bsp_sync();
    bsp_team_end();
  } else if (strcmp(what, "mismatch") == 0) {
    bsp_team_begin(0, 0);
    if (bsp_pid() == 0) bsp_sync();
    bsp_team_end();
  }
  bsp_end();
  printf("PASS\n");
  return 0;
}
