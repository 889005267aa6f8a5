/* Supersteps that carry a single small message, or a few, to each process, in every stream size
 * from one record up to a few hundred bytes: a put of 1 to 40 bytes, a send whose tag and
 * payload grow, a get of 1 to 40 bytes, and two or three of them together. Every value is
 * checked after the sync; a message's payload, read in place with bsp_hpmove, must stay
 * readable and 8-byte aligned until the next sync, while the process sends again.
 *
 * On the shared-memory engine, in a run of up to 16 processes, a stream of up to 56 bytes (one put
 * of up to 8 bytes, one send of up to 8 payload bytes, one get request) travels inside its stream
 * descriptor's cache line instead of the mailbox: these are the sizes on both sides of that
 * bound. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "spmd_check.h"

#define ROUNDS 120
#define MAX_BYTES 40

static unsigned char area[MAX_BYTES];
static unsigned char source[MAX_BYTES];

static unsigned char byte_of(int src, int round, int i) {
  return (unsigned char)(src * 37 + round * 11 + i * 5 + 1);
}

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  int next = (pid + 1) % p, prev = (pid + p - 1) % p;
  bsp_push_reg(area, MAX_BYTES);
  bsp_push_reg(source, MAX_BYTES);
  int tag_bytes = 8;
  bsp_set_tagsize(&tag_bytes);
  bsp_sync();
  unsigned char got[MAX_BYTES];
  for (int round = 0; round < ROUNDS; round++) {
    int n = round % MAX_BYTES + 1;
    int kind = round % 4; /* 0 put, 1 send, 2 get, 3 all three */
    unsigned char mine[MAX_BYTES];
    for (int i = 0; i < MAX_BYTES; i++) mine[i] = byte_of(pid, round, i);
    memcpy(source, mine, MAX_BYTES); /* what prev's get of this round reads */
    memset(area, 0, MAX_BYTES);
    memset(got, 0, MAX_BYTES);
    bsp_sync(); /* source and area are ready everywhere */
    if (kind == 0 || kind == 3) bsp_put(next, mine, area, 0, n);
    if (kind == 1 || kind == 3) {
      int64_t tag = (int64_t)round * 1000 + pid;
      bsp_send(next, &tag, mine, (kind == 1 ? n : n % 9));
    }
    if (kind == 2 || kind == 3) bsp_get(next, source, 0, got, n);
    bsp_sync();
    if (kind == 0 || kind == 3)
      for (int i = 0; i < n; i++) CHECK_EQ(area[i], byte_of(prev, round, i), "put byte");
    if (kind == 2 || kind == 3)
      for (int i = 0; i < n; i++) CHECK_EQ(got[i], byte_of(next, round, i), "got byte");
    if (kind == 1 || kind == 3) {
      int messages, bytes;
      bsp_qsize(&messages, &bytes);
      CHECK_EQ(messages, 1, "messages in the queue");
      void *tag_at, *payload_at;
      int size = bsp_hpmove(&tag_at, &payload_at);
      CHECK_EQ(size, kind == 1 ? n : n % 9, "payload size");
      CHECK_EQ((int)((uintptr_t)payload_at % 8), 0, "payload alignment");
      int64_t tag;
      memcpy(&tag, tag_at, sizeof tag);
      CHECK_EQ(tag, (int64_t)round * 1000 + prev, "tag");
      /* A small message out while this one is still held: it must stay as it is. */
      bsp_put(next, mine, area, 0, 1);
      bsp_send(next, &tag, mine, 1);
      for (int i = 0; i < size; i++)
        CHECK_EQ(((unsigned char *)payload_at)[i], byte_of(prev, round, i), "payload byte");
      bsp_sync(); /* drops the extra message */
    }
  }
  bsp_end();
  printf("PASS\n");
  return 0;
}
