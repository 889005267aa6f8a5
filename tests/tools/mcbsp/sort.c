/* A bucket sort written for the MulticoreBSP interface: each process
 * generates values, sends each to the process owning its range with
 * bsp_hpsend (tag: the sender), receives with bsp_get_tag / bsp_move and
 * bsp_hpmove using size_t sizes (SIZE_MAX means an empty queue), sorts
 * locally and reports its range to process 0, which checks the global order
 * and the count. Built with SUPERSTEP_MCBSP_COMPAT defined (not via mcbsp.h). */
#include <bsp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { PER_PROCESS = 50, RANGE = 1000 };

static int compare(const void *a, const void *b) {
  unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
  return (x > y) - (x < y);
}

int main(void) {
  bsp_begin(bsp_nprocs());
  bsp_pid_t p = bsp_nprocs();
  bsp_pid_t s = bsp_pid();

  bsp_size_t tag_size = sizeof(bsp_pid_t);
  bsp_set_tagsize(&tag_size);
  if (tag_size != 0) bsp_abort("previous tag size %zu, expected 0\n", tag_size);
  bsp_sync();

  /* Values to send must stay untouched until the next sync (bsp_hpsend). */
  unsigned values[PER_PROCESS];
  unsigned seed = 12345u + 7919u * s;
  for (int i = 0; i < PER_PROCESS; ++i) {
    seed = seed * 1103515245u + 12345u;
    values[i] = (seed >> 8) % RANGE;
    bsp_pid_t owner = (bsp_pid_t)((size_t)values[i] * p / RANGE);
    bsp_hpsend(owner, &s, &values[i], sizeof values[i]);
  }
  bsp_sync();

  bsp_nprocs_t messages;
  bsp_size_t bytes;
  bsp_qsize(&messages, &bytes);
  if (bytes != messages * sizeof(unsigned))
    bsp_abort("qsize: %u messages, %zu bytes\n", messages, bytes);
  bsp_qsize(&messages, NULL); /* MulticoreBSP allows leaving out the byte count */
  unsigned *mine = malloc((messages + 1) * sizeof(unsigned));
  size_t count = 0;
  bsp_size_t status;
  bsp_pid_t sender;
  bsp_get_tag(&status, &sender);
  if (status != SIZE_MAX) {
    if (status != sizeof(unsigned) || sender >= p) bsp_abort("bad first message\n");
    bsp_move(&mine[count++], sizeof(unsigned));
  }
  void *tag, *payload;
  bsp_size_t length;
  while ((length = bsp_hpmove(&tag, &payload)) != SIZE_MAX) {
    if (length != sizeof(unsigned)) bsp_abort("bad message length %zu\n", length);
    mine[count++] = *(unsigned *)payload;
  }
  if (count != messages) bsp_abort("got %zu messages, bsp_qsize said %u\n", count, messages);
  bsp_get_tag(&status, &sender);
  if (status != SIZE_MAX) bsp_abort("empty queue: status %zu, expected SIZE_MAX\n", status);
  qsort(mine, count, sizeof(unsigned), compare);

  /* Report (count, first, last) to process 0. */
  unsigned report[3] = {(unsigned)count, count ? mine[0] : 0, count ? mine[count - 1] : 0};
  unsigned *reports = calloc(3 * (size_t)p, sizeof(unsigned));
  bsp_push_reg(reports, 3 * p * sizeof(unsigned));
  bsp_sync();
  bsp_put(0, report, reports, 3 * s * sizeof(unsigned), sizeof report);
  bsp_sync();
  if (s == 0) {
    size_t total = 0;
    int ordered = 1;
    unsigned previous_last = 0;
    for (bsp_pid_t t = 0; t < p; ++t) {
      total += reports[3 * t];
      if (reports[3 * t] == 0) continue;
      if (reports[3 * t + 1] < previous_last) ordered = 0;
      previous_last = reports[3 * t + 2];
    }
    printf("sorted %zu values, %s\n", total, ordered ? "in order" : "OUT OF ORDER");
  }
  bsp_pop_reg(reports);
  tag_size = 0;
  bsp_set_tagsize(&tag_size);
  bsp_end();
  free(reports);
  free(mine);
  return 0;
}
