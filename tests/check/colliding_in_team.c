/* Racy on purpose (bspcheck's corpus), inside teams (bsp_team_begin): in each team of the
 * processes by parity, every member puts its pid into the same bytes of the team's process 0,
 * whose value after the team's sync BSPlib leaves open. */
#include <bsp.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  const int machine_pid = bsp_pid();
  bsp_team_begin(machine_pid % 2, machine_pid);
  int me = bsp_pid();
  int winner = -1;
  bsp_push_reg(&winner, sizeof winner); /* REGISTERED */
  bsp_sync();
  bsp_put(0, &machine_pid, &winner, 0, sizeof me); /* PUT */
  bsp_sync(); /* SYNC */
  if (me == 0) printf("team %d: the bytes hold %d\n", machine_pid % 2, winner);
  bsp_team_end();
  bsp_end();
  return 0;
}
