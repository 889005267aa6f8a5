/* Reading the BSMP queue (§4.3-4.6): bsp_qsize reports the messages and payload bytes that
 * remain and drops after each bsp_move; bsp_get_tag can be repeated and gives the payload
 * length of the first message; bsp_move copies at most reception_nbytes (truncating) and with
 * 0 just removes the message; bsp_hpmove returns the payload length and pointers that stay
 * valid until the end of the superstep, and -1 on an empty queue. */
#include <stdio.h>
#include <string.h>

#include "spmd_check.h"

#define MSGS 6

/* Message k from process s has k+1 ints valued s*1000 + k*10 + i, and tag s*100 + k. */
static int value(int s, int k, int i) { return s * 1000 + k * 10 + i; }

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), target = (pid + 1) % p, source = (pid + p - 1) % p;
  int tag_size = sizeof(int);
  bsp_set_tagsize(&tag_size);
  bsp_sync();

  for (int round = 0; round < 2; round++) {
    for (int k = 0; k < MSGS; k++) {
      int payload[MSGS], tag = pid * 100 + k;
      for (int i = 0; i <= k; i++) payload[i] = value(pid, k, i);
      bsp_send(target, &tag, payload, (k + 1) * (int)sizeof(int));
    }
    bsp_sync();

    int n, nbytes, total = 0;
    for (int k = 0; k < MSGS; k++) total += (k + 1) * (int)sizeof(int);
    bsp_qsize(&n, &nbytes);
    CHECK_EQ(n, MSGS, "messages in the queue");
    CHECK_EQ(nbytes, total, "payload bytes in the queue");

    if (round == 0) {
      /* bsp_get_tag / bsp_move, with truncation and removal. */
      for (int k = 0; k < MSGS; k++) {
        int status = -2, tag = -1;
        for (int repeat = 0; repeat < 2; repeat++) {
          bsp_get_tag(&status, &tag);
          CHECK_EQ(status, (k + 1) * (int)sizeof(int), "bsp_get_tag status");
          CHECK_EQ(tag, source * 100 + k, "bsp_get_tag tag");
        }
        int payload[MSGS + 1];
        for (int i = 0; i <= MSGS; i++) payload[i] = -1;
        int keep = k % 3; /* ints to receive: 0 removes, 1 or 2 may truncate */
        bsp_move(payload, keep * (int)sizeof(int));
        for (int i = 0; i <= MSGS; i++) {
          int expect = i < keep && i <= k ? value(source, k, i) : -1;
          CHECK_EQ(payload[i], expect, "a payload element after bsp_move");
        }
        total -= (k + 1) * (int)sizeof(int);
        bsp_qsize(&n, &nbytes);
        CHECK_EQ(n, MSGS - k - 1, "messages left after a bsp_move");
        CHECK_EQ(nbytes, total, "payload bytes left after a bsp_move");
      }
    } else {
      /* bsp_hpmove: keep all pointers, then check them all at the end of the superstep. */
      void *tags[MSGS], *payloads[MSGS];
      int lengths[MSGS];
      for (int k = 0; k < MSGS; k++) lengths[k] = bsp_hpmove(&tags[k], &payloads[k]);
      void *tag_ptr = NULL, *payload_ptr = NULL;
      CHECK_EQ(bsp_hpmove(&tag_ptr, &payload_ptr), -1, "bsp_hpmove on an empty queue");
      bsp_qsize(&n, &nbytes);
      CHECK_EQ(n, 0, "messages left after bsp_hpmove of all");
      for (int k = 0; k < MSGS; k++) {
        CHECK_EQ(lengths[k], (k + 1) * (int)sizeof(int), "bsp_hpmove length");
        int tag, element;
        memcpy(&tag, tags[k], sizeof tag);
        CHECK_EQ(tag, source * 100 + k, "bsp_hpmove tag");
        for (int i = 0; i <= k; i++) {
          memcpy(&element, (char *)payloads[k] + i * sizeof(int), sizeof element);
          CHECK_EQ(element, value(source, k, i), "bsp_hpmove payload element");
        }
      }
    }
    int status = -2;
    bsp_get_tag(&status, &tag_size);
    CHECK_EQ(status, -1, "bsp_get_tag on the emptied queue");
  }
  bsp_end();
  printf("PASS\n");
  return 0;
}
