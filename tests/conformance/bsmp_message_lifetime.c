/* bsp_send copies tag and payload at the call; a message is available only in the next
 * superstep (not in the superstep it was sent in) and is discarded at the sync after that if
 * not moved. A message with an empty tag and an empty payload is still a message. */
#include <stdio.h>

#include "spmd_check.h"

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), target = (pid + 1) % p, source = (pid + p - 1) % p;
  int tag_size = sizeof(int);
  bsp_set_tagsize(&tag_size);
  bsp_sync();

  /* Superstep 1: send two messages and an empty-payload one; change the buffers afterwards. */
  int tag = 100 + pid, payload[2] = {200 + pid, 300 + pid};
  bsp_send(target, &tag, payload, sizeof payload);
  bsp_send(target, &tag, payload, 0);
  tag = payload[0] = payload[1] = -1;
  int n = -1, nbytes = -1;
  bsp_qsize(&n, &nbytes);
  CHECK_EQ(n, 0, "messages visible in the superstep they were sent in");
  bsp_sync();

  /* Superstep 2: both messages are here; read only the first one, leave the empty one. */
  bsp_qsize(&n, &nbytes);
  CHECK_EQ(n, 2, "messages in the superstep after sending");
  CHECK_EQ(nbytes, 2 * sizeof(int), "payload bytes in the queue");
  int status = -2, tag_in = -1, payload_in[2] = {-1, -1};
  bsp_get_tag(&status, &tag_in);
  CHECK_EQ(status, sizeof payload, "the first message's payload length");
  CHECK_EQ(tag_in, 100 + source, "the first message's tag");
  bsp_move(payload_in, sizeof payload_in);
  CHECK_EQ(payload_in[0], 200 + source, "payload[0]");
  CHECK_EQ(payload_in[1], 300 + source, "payload[1]");
  bsp_get_tag(&status, &tag_in);
  CHECK_EQ(status, 0, "the empty message's payload length");
  tag_size = 0;
  bsp_set_tagsize(&tag_size);
  bsp_sync();

  /* Superstep 3: the unread message was discarded. Send a message with empty tag (tag size
   * is 0 now) and empty payload. */
  bsp_qsize(&n, &nbytes);
  CHECK_EQ(n, 0, "messages left over from two supersteps ago");
  bsp_get_tag(&status, &tag_in);
  CHECK_EQ(status, -1, "bsp_get_tag status on an empty queue");
  bsp_send(target, NULL, NULL, 0);
  bsp_sync();

  /* Superstep 4 */
  bsp_qsize(&n, &nbytes);
  CHECK_EQ(n, 1, "empty messages received");
  CHECK_EQ(nbytes, 0, "payload bytes of an empty message");
  bsp_get_tag(&status, NULL);
  CHECK_EQ(status, 0, "bsp_get_tag status of an empty message");
  bsp_move(NULL, 0);
  bsp_qsize(&n, &nbytes);
  CHECK_EQ(n, 0, "messages after moving the empty one");
  bsp_end();
  printf("PASS\n");
  return 0;
}
