/* Known work for the profiler's end-to-end test: in superstep s (s = 1..4),
 * process i busy-waits (i + 1) * s milliseconds, then puts 16 * s * (i + 1)
 * bytes to process i + 1, gets 8 * s bytes from process i - 1, sends one
 * message of 4 bytes to process 0 and 10 * s messages of 8 bytes to process
 * i + 1 (cyclically), every message with a tag of 4 bytes. Superstep 0
 * registers and sets the tag size.
 * With BSP_TEST_KILL set, process 1 kills itself in superstep 3. */
#include <bsp.h>
#include <bsp_profile.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void busy(double seconds) {
  double until = now() + seconds;
  while (now() < until) {
  }
}

static char area[1 << 16];
static char source[1 << 16];

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), i = bsp_pid();
  bsp_push_reg(area, sizeof area);
  int tag_bytes = 4;
  bsp_set_tagsize(&tag_bytes);
  bsp_sync();
  for (int s = 1; s <= 4; ++s) {
    char label[16];
    snprintf(label, sizeof label, "step%d", s);
    bsp_profile_label(label);
    busy((i + 1) * s * 1e-3);
    bsp_put((i + 1) % p, source, area, 0, 16 * s * (i + 1));
    bsp_get((i + p - 1) % p, area, 1024, source + 4096, 8 * s);
    bsp_send(0, &s, source, 4);
    for (int k = 0; k < 10 * s; ++k) bsp_send((i + 1) % p, &k, source + 8 * k, 8);
    bsp_sync();
    if (s == 2 && i == 1 && getenv("BSP_TEST_KILL")) raise(SIGKILL);
  }
  bsp_end();
  return 0;
}
