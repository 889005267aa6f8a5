/* Misuse of teams: one clear line, exit status 1. */
#include <bsp.h>
#include <stdio.h>
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
  } else if (strcmp(what, "mismatch") == 0) {
    bsp_team_begin(0, 0);
    if (bsp_pid() == 0) bsp_sync();
    bsp_team_end();
  }
  bsp_end();
  printf("PASS\n");
  return 0;
}
