/* Many small BSMP messages in one superstep (default 10 million 8-byte messages over p = 4):
 * process s sends its i-th message, payload (s, i), to process (s + i) mod p. Every receiver
 * drains its queue with bsp_hpmove and checks the count, the order (source ascending, then send
 * order) and a checksum.
 *   many_messages [p [total_messages]] */
#include <stdint.h>

#include "stress_report.h"

static long nprocs_arg, total;

static void spmd(void) {
  bsp_begin((int)nprocs_arg);
  int p = bsp_nprocs(), pid = bsp_pid();
  long per_process = total / p;

  double start = bsp_time();
  for (long i = 0; i < per_process; i++) {
    uint64_t payload = ((uint64_t)pid << 40) | (uint64_t)i;
    bsp_send((int)((pid + i) % p), NULL, &payload, (int)sizeof payload);
  }
  double sent = bsp_time();
  bsp_sync();
  double synced = bsp_time();

  /* From source s, this process gets i = (pid - s) mod p, then i + p, ... below per_process. */
  long expected_count = 0;
  uint64_t expected_sum = 0, sum = 0;
  for (int s = 0; s < p; s++)
    for (long i = (pid - s + p) % p; i < per_process; i += p) {
      expected_count++;
      expected_sum += ((uint64_t)s << 40) | (uint64_t)i;
    }
  int n, nbytes;
  bsp_qsize(&n, &nbytes);
  CHECK_EQ(n, expected_count, "messages in the queue");
  int source = 0;
  long next = (pid - source + p) % p;
  for (long k = 0; k < expected_count; k++) {
    void *tag, *data;
    CHECK_EQ(bsp_hpmove(&tag, &data), sizeof(uint64_t), "payload length");
    uint64_t payload = *(const uint64_t *)data;
    while (next >= per_process) next = (pid - ++source + p) % p; /* the next source's first */
    if (payload != (((uint64_t)source << 40) | (uint64_t)next))
      bsp_abort("many_messages: process %d, message %ld is (%llu, %llu), expected (%d, %ld)", pid,
                k, (unsigned long long)(payload >> 40),
                (unsigned long long)(payload & ((1ull << 40) - 1)), source, next);
    sum += payload;
    next += p;
  }
  CHECK_EQ(sum, expected_sum, "checksum");
  double drained = bsp_time();
  if (pid == 0)
    printf(
        "many_messages: p = %d, %ld messages of 8 bytes (%ld per process): sends %.3f s, "
        "sync %.3f s, hpmove and checks %.3f s, %.0f ns per message in all; "
        "count, order and checksum verified\n",
        p, per_process * p, per_process, sent - start, synced - sent, drained - synced,
        (drained - start) * 1e9 / (double)per_process);
  stress_report_memory("many_messages", 8.0 * (double)per_process);
  bsp_end();
}

int main(int argc, char **argv) {
  nprocs_arg = stress_arg(argc, argv, 1, 4);
  total = stress_arg(argc, argv, 2, 10000000);
  spmd();
  printf("PASS\n");
  return 0;
}
