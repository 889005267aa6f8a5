/* Many small messages in every shape (§4): each process sends every process (itself included)
 * thousands of messages whose payload size changes now and then (0 to 20 bytes, mostly runs of
 * one size), with a put to the same process in between now and then; one round per tag size (0,
 * 4, 12 and 20 bytes). The receiver drains its queue with a mix of bsp_move (the whole payload,
 * fewer bytes, none), bsp_get_tag and bsp_hpmove, and checks every tag, payload and bsp_qsize
 * against what was sent, in source-pid and then send order, and every put.
 *
 * These are the paths that the first tier of bsp_send and bsp_move takes (inline in an optimised
 * program, superstep/detail/inline_paths.h): a run of sends of one shape fills a window of the stream,
 * which any other record to that process closes; a move steps the queue on while the next
 * message follows in the same stream, and leaves the last message of each stream and of the
 * queue to the library. Built with -O2 whatever the build type. */
#include <stdio.h>
#include <string.h>

#include "spmd_check.h"

#define MESSAGES 3000
#define MAX_PAYLOAD 20

/* The payload size of message k: runs of one size, and sizes the first tier does not take. */
static int payload_size(int k) {
  static const int sizes[] = {8, 8, 16, 4, 0, 12, 1, 17, 20, 3, 8, 2};
  return sizes[(k / 97) % 12] + (k % 251 == 5); /* now and then one byte more in a run */
}
static unsigned char byte_of(int src, int dst, int round, int k, int i) {
  return (unsigned char)(src * 131 + dst * 29 + round * 17 + k * 7 + i * 3 + 1);
}
static void fill_tag(unsigned char *tag, int tag_size, int src, int k) {
  for (int i = 0; i < tag_size; i++) tag[i] = (unsigned char)(src * 11 + k * 5 + i);
}

static int landed[64];

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid();
  bsp_push_reg(landed, (int)sizeof landed);
  bsp_sync();
  static const int tag_sizes[] = {0, 4, 12, 20};
  for (int round = 0; round < 4; round++) {
    int tag_size = tag_sizes[round];
    bsp_set_tagsize(&tag_size);
    bsp_sync();
    unsigned char payload[MAX_PAYLOAD + 1], tag[24];
    for (int k = 0; k < MESSAGES; k++)
      for (int d = 0; d < p; d++) {
        int n = payload_size(k);
        for (int i = 0; i < n; i++) payload[i] = byte_of(pid, d, round, k, i);
        fill_tag(tag, tag_sizes[round], pid, k);
        bsp_send(d, tag, payload, n);
        if (k % 401 == 7) { /* a put between the sends to the same process */
          int v = pid * 1000 + round * 100 + k % 64;
          bsp_put(d, &v, landed, (pid % 64) * (int)sizeof(int), (int)sizeof(int));
        }
      }
    bsp_sync();

    int expected_messages = MESSAGES * p, expected_bytes = 0;
    for (int k = 0; k < MESSAGES; k++) expected_bytes += payload_size(k) * p;
    for (int s = 0; s < p; s++)
      for (int k = 0; k < MESSAGES; k++) {
        int n = payload_size(k), left, left_bytes;
        if (k % 500 == 0 || k == MESSAGES - 1) {
          bsp_qsize(&left, &left_bytes);
          CHECK_EQ(left, expected_messages, "messages left in the queue");
          CHECK_EQ(left_bytes, expected_bytes, "payload bytes left in the queue");
        }
        unsigned char want_tag[24], got_tag[24];
        fill_tag(want_tag, tag_sizes[round], s, k);
        int how = (k * 7 + s) % 10, status = -2;
        if (how == 0 || tag_sizes[round] > 0) {
          memset(got_tag, 0xee, sizeof got_tag);
          bsp_get_tag(&status, got_tag);
          CHECK_EQ(status, n, "bsp_get_tag's payload size");
          CHECK(memcmp(got_tag, want_tag, (size_t)tag_sizes[round]) == 0);
        }
        if (how == 1) {
          void *tag_at, *payload_at;
          CHECK_EQ(bsp_hpmove(&tag_at, &payload_at), n, "bsp_hpmove's payload size");
          CHECK(memcmp(tag_at, want_tag, (size_t)tag_sizes[round]) == 0);
          for (int i = 0; i < n; i++)
            CHECK_EQ(((unsigned char *)payload_at)[i], byte_of(s, pid, round, k, i), "a byte");
        } else {
          /* 2: none, 3: fewer than the payload, otherwise all (more room than it needs) */
          int room = how == 2 ? 0 : how == 3 ? n / 2 : MAX_PAYLOAD + 1;
          memset(payload, 0xee, sizeof payload);
          bsp_move(payload, room);
          int copied = room < n ? room : n;
          for (int i = 0; i < copied; i++)
            CHECK_EQ(payload[i], byte_of(s, pid, round, k, i), "a moved byte");
          for (int i = copied; i <= MAX_PAYLOAD; i++)
            CHECK_EQ(payload[i], 0xee, "a byte past what bsp_move copies");
        }
        expected_messages -= 1;
        expected_bytes -= n;
      }
    int left, left_bytes;
    bsp_qsize(&left, &left_bytes);
    CHECK_EQ(left, 0, "messages left after the drain");
    int status = -2;
    unsigned char no_tag[24];
    bsp_get_tag(&status, no_tag);
    CHECK_EQ(status, -1, "bsp_get_tag on an empty queue");
    for (int s = 0; s < p && s < 64; s++) {
      int last = 0;
      for (int k = 0; k < MESSAGES; k++)
        if (k % 401 == 7) last = s * 1000 + round * 100 + k % 64;
      CHECK_EQ(landed[s], last, "the last put from a process");
    }
  }
  bsp_end();
  if (pid == 0) printf("PASS\n");
  return 0;
}
