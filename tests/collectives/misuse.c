/*
 * Misused collectives stop every process with one message (argv[1] picks the
 * misuse): messages sent just before a collective (they would arrive inside
 * it, against level-1 rule 3), a root that is no pid, alltoallv counts on
 * which sender and receiver disagree, and BSP_PARAMS naming no bspprobe result.
 */
#include <bsp.h>
#include <bsp_level1.h>
#include <stdio.h>
#include <string.h>

static void add(void *acc, const void *in, int count, void *arg) {
  (void)arg;
  for (int i = 0; i < count; ++i) ((int *)acc)[i] += ((const int *)in)[i];
}

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "";
  bsp_begin(bsp_nprocs());
  const int p = bsp_nprocs(), me = bsp_pid();
  int x = me, y = 0;
  if (strcmp(what, "messages_before") == 0) {
    bsp_send((me + 1) % p, NULL, &x, sizeof x);
    bsp_allreduce(&x, &y, 1, sizeof x, add, NULL);
  } else if (strcmp(what, "bad_root") == 0) {
    bsp_broadcast(p, &x, &y, sizeof x);
  } else if (strcmp(what, "alltoallv_counts") == 0) {
    int sc[16] = {0}, sd[16] = {0}, rc[16] = {0}, rd[16] = {0};
    sc[(me + 1) % p] = 1;     /* one byte to the next process, */
    rc[(me + p - 1) % p] = 2; /* which expects two */
    char src[1] = {0}, dst[2];
    bsp_alltoallv(src, sc, sd, dst, rc, rd);
  } else if (strcmp(what, "alltoallv_overlap") == 0) {
    /* One area for both: the blocks come from its first half and land in all of it. */
    int sc[16] = {0}, sd[16] = {0}, rc[16] = {0}, rd[16] = {0};
    for (int j = 0; j < p; ++j) sc[j] = rc[j] = 1, sd[j] = j, rd[j] = j;
    char area[32] = {0};
    bsp_alltoallv(area, sc, sd, area, rc, rd);
  } else if (strcmp(what, "size_mismatch") == 0) {
    /* Process 1 passes 8 bytes, the others 4: found by the root, where the data arrive. */
    char src[8] = {0}, dst[8 * 16];
    bsp_collective_force(BSP_COLLECTIVE_MESSAGES);
    bsp_gather(0, src, dst, me == 1 ? 8 : 4);
  } else if (strcmp(what, "params") == 0) {
    bsp_broadcast(0, &x, &y, sizeof x);
  }
  bsp_end();
  printf("PASS\n");
  return 0;
}
