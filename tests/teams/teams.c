/* Teams (bsp.h, bsp_team_begin): at any p, the processes split by parity into two teams,
 * ordered backwards (key = -pid). In each team an ordinary BSP program runs: its pid and nprocs,
 * a registration of its own, puts, gets, messages with a tag size of its own, level-1
 * collectives, and a number of supersteps that differs between the teams; the teams split
 * again (nested) into teams of one and of everybody. After bsp_team_end the enclosing machine
 * goes on with the registrations it had. Every process checks what it sees and prints FAIL
 * with the reason, or process 0 prints PASS. */
#include <bsp.h>
#include <bsp_level1.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

static void expect(int ok, const char *what, long got, long want) {
  if (ok) return;
  printf("FAIL on process %d: %s: %ld, expected %ld\n", bsp_pid(), what, got, want);
  ++failures;
}

static void add(void *acc, const void *in, int n, void *arg) {
  (void)arg;
  for (int i = 0; i < n; ++i) ((long *)acc)[i] += ((const long *)in)[i];
}

/* The machine pid of team rank r, for a team of the colour `colour` of P processes ordered by
 * key = -pid: its members from the highest pid down. */
static int member(int colour, int P, int r) {
  int highest = (P - 1) % 2 == colour ? P - 1 : P - 2;
  return highest - 2 * r;
}

/* An ordinary BSP routine, unaware of teams: everybody's pid summed, by puts to process 0 and a
 * broadcast back. */
static long sum_of_pids(void) {
  int p = bsp_nprocs();
  long mine = bsp_pid(), all[64] = {0}, sum = 0;
  bsp_push_reg(all, sizeof all);
  bsp_sync();
  bsp_put(0, &mine, all, (int)(bsp_pid() * sizeof(long)), sizeof(long));
  bsp_sync();
  if (bsp_pid() == 0)
    for (int q = 0; q < p; ++q) sum += all[q];
  bsp_broadcast(0, &sum, &sum, sizeof sum);
  bsp_pop_reg(all);
  bsp_sync();
  return sum;
}

int main(void) {
  bsp_begin(bsp_nprocs());
  const int P = bsp_nprocs(), me = bsp_pid();
  long outer = -1;
  bsp_push_reg(&outer, sizeof outer);
  bsp_sync();
  int machine_tag = 8;
  bsp_set_tagsize(&machine_tag);
  bsp_sync();

  const int colour = me % 2;
  bsp_team_begin(colour, -me);
  const int p = bsp_nprocs(), t = bsp_pid();
  const int size = colour == 0 ? (P + 1) / 2 : P / 2;
  expect(p == size, "team size", p, size);
  expect(member(colour, P, t) == me, "the machine pid of this team rank", member(colour, P, t), me);
  int tag = 0;
  bsp_set_tagsize(&tag);
  expect(tag == 0, "the tag size a team starts with", tag, 0);

  long x = -1, got = -1;
  bsp_push_reg(&x, sizeof x);
  bsp_sync();
  const int next = (t + 1) % p, prev = (t + p - 1) % p;
  long mine = 100 + me;
  bsp_put(next, &mine, &x, 0, sizeof mine);
  bsp_sync();
  expect(x == 100 + member(colour, P, prev), "put from the previous team rank", x,
         100 + member(colour, P, prev));
  bsp_get(next, &x, 0, &got, sizeof got);
  bsp_sync();
  expect(got == 100 + me, "get of the next rank's area (holding this process's put)", got,
         100 + me);
  int four = 4;
  bsp_set_tagsize(&four);
  bsp_sync();
  int tagv = t;
  bsp_send(next, &tagv, &mine, sizeof mine);
  bsp_sync();
  int messages = -1, bytes = -1;
  bsp_qsize(&messages, &bytes);
  expect(messages == 1, "messages in the team's queue", messages, 1);
  long payload = -1;
  int from = -1, status = -1;
  bsp_get_tag(&status, &from);
  bsp_move(&payload, sizeof payload);
  expect(from == prev, "the tag: the sender's team rank", from, prev);
  expect(payload == 100 + member(colour, P, prev), "the payload", payload,
         100 + member(colour, P, prev));

  /* Level-1 collectives and a routine written for a whole machine, on the team. */
  long s = me, sum = 0, want = 0;
  for (int q = colour; q < P; q += 2) want += q;
  bsp_allreduce(&s, &sum, 1, sizeof s, add, NULL);
  expect(sum == want, "bsp_allreduce of machine pids over the team", sum, want);
  const long pids = sum_of_pids();
  expect(pids == (long)p * (p - 1) / 2, "a BSPlib routine on the team", pids,
         (long)p * (p - 1) / 2);

  /* The teams run different numbers of supersteps. */
  for (int i = 0; i < (colour ? 40 : 3); ++i) bsp_sync();

  /* Nested: teams of one, then the whole team again as a team of its own. */
  bsp_team_begin(t, 0);
  expect(bsp_nprocs() == 1 && bsp_pid() == 0, "a team of one", bsp_nprocs(), 1);
  bsp_sync();
  bsp_team_end();
  bsp_team_begin(0, t);
  expect(bsp_nprocs() == p && bsp_pid() == t, "a nested team of the whole team", bsp_pid(), t);
  long y = 0;
  bsp_push_reg(&y, sizeof y);
  bsp_sync();
  bsp_put(prev, &mine, &y, 0, sizeof mine);
  bsp_sync();
  expect(y == 100 + member(colour, P, next), "put in the nested team", y,
         100 + member(colour, P, next));
  bsp_team_end();
  expect(bsp_nprocs() == p && bsp_pid() == t, "back in the team", bsp_pid(), t);
  bsp_team_end();

  /* The whole machine as one team (at p = 2 on two processors its barrier works by arrivals, as
   * the machine's does), twice in a row, so that the second reuses what the first left. */
  for (int round = 0; round < 2; ++round) {
    bsp_team_begin(7, me);
    expect(bsp_nprocs() == P && bsp_pid() == me, "the whole machine as a team", bsp_pid(), me);
    long z = -1;
    bsp_push_reg(&z, sizeof z);
    bsp_sync();
    for (int i = 0; i < 20; ++i) {
      long value = 1000 * round + 10 * i + me;
      bsp_put((me + 1) % P, &value, &z, 0, sizeof value);
      bsp_sync();
      expect(z == 1000 * round + 10 * i + (me + P - 1) % P, "a put around the whole team", z,
             1000 * round + 10 * i + (me + P - 1) % P);
    }
    bsp_team_end();
  }

  /* The machine again: its pid, nprocs, registrations and tag size as before. */
  expect(bsp_nprocs() == P && bsp_pid() == me, "back in the machine", bsp_pid(), me);
  int machine_tag_now = 8;  /* asks for 8 again, and says what it is */
  bsp_set_tagsize(&machine_tag_now);
  expect(machine_tag_now == 8, "the machine's tag size after the teams", machine_tag_now, 8);
  long w = me;
  bsp_put((me + 1) % P, &w, &outer, 0, sizeof w);
  bsp_sync();
  expect(outer == (me + P - 1) % P, "put through the machine's registration after the teams",
         outer, (me + P - 1) % P);
  bsp_end();
  if (failures == 0) printf("PASS\n");
  return failures != 0;
}
