/*
 * teams.c - a BSP computation on part of the processes (bsp_team_begin,
 * a Superstep extension; man bsp_team_begin).
 *
 * The processes split into two teams: the even pids and the odd ones. Inside
 * its team a process runs an ordinary BSP program: bsp_pid and bsp_nprocs are
 * the team's, bsp_sync waits for the team only, and a registration is the
 * team's own. Each team sums its members' machine pids by putting them to its
 * process 0, which sends the sum back to each member. The two teams make
 * different numbers of supersteps without waiting for each other. After
 * bsp_team_end the process is back in the whole machine.
 */
#include <bsp.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  const int machine_pid = bsp_pid();

  bsp_team_begin(machine_pid % 2, machine_pid); /* colour: even or odd; key: keep the order */
  const int rank = bsp_pid(), size = bsp_nprocs();
  int pids[64] = {0};
  bsp_push_reg(pids, sizeof pids);
  bsp_sync();
  bsp_put(0, &machine_pid, pids, rank * (int)sizeof(int), sizeof(int));
  bsp_sync();
  int sum = 0;
  if (rank == 0) {
    for (int r = 0; r < size; ++r) sum += pids[r];
    for (int r = 0; r < size; ++r) bsp_put(r, &sum, pids, 0, sizeof sum);
  }
  bsp_sync();
  sum = pids[0];
  for (int i = 0; i < 10 * (machine_pid % 2); ++i) bsp_sync(); /* the odd team takes longer */
  bsp_pop_reg(pids);
  bsp_team_end();

  printf("process %d: rank %d of %d in the %s team, whose pids sum to %d\n", machine_pid, rank,
         size, machine_pid % 2 ? "odd" : "even", sum);
  bsp_end();
  return 0;
}
