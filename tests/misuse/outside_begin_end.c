/* A primitive other than bsp_init, bsp_nprocs and bsp_abort called outside
 * bsp_begin..bsp_end (argv[1]): before bsp_begin (sync_before, pid_before, time_before,
 * push_reg_before) or on process 0 after bsp_end (sync_after, put_after, send_after,
 * move_after). The put and the send after bsp_end would continue what the last superstep's put
 * and send began (an 8-byte put at the next offset, a send of the same shape): the first tier
 * of each (inline in an optimised build, superstep/detail/inline_paths.h) must leave them to the
 * library, which reports them. */
#include <stdio.h>

#include "misuse.h"

static int area[4];

int main(int argc, char *argv[]) {
  if (argc != 2) return 2;
  const char *variant = argv[1];
  if (is(variant, "sync_before")) bsp_sync();
  if (is(variant, "pid_before")) (void)bsp_pid();
  if (is(variant, "time_before")) (void)bsp_time();
  if (is(variant, "push_reg_before")) bsp_push_reg(area, sizeof area);
  bsp_begin(bsp_nprocs());
  bsp_push_reg(area, sizeof area);
  bsp_sync();
  int local = 0;
  long long word = 0;
  bsp_put(bsp_pid(), &word, area, 0, sizeof word);
  bsp_put(bsp_pid(), &word, area, 0, sizeof word);
  bsp_send(bsp_pid(), NULL, &local, sizeof local);
  bsp_send(bsp_pid(), NULL, &local, sizeof local);
  bsp_end();
  if (is(variant, "sync_after")) bsp_sync();
  if (is(variant, "put_after")) bsp_put(0, &word, area, sizeof word, sizeof word);
  if (is(variant, "send_after")) bsp_send(0, NULL, &local, sizeof local);
  if (is(variant, "move_after")) bsp_move(&local, sizeof local);
  printf("misuse '%s' was not detected\n", variant);
  return 0;
}
