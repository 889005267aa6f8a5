/* bsp_set_tagsize (§4.2): the default tag size is 0; the call is collective, takes effect at
 * the next sync and returns the value that would have been in effect next superstep without
 * this call, so calling it again with that value reinstates the previous state. A message's
 * tag has the size in effect when it was sent. */
#include <stdio.h>
#include <string.h>

#include "spmd_check.h"

static int set_tagsize(int size) {
  bsp_set_tagsize(&size);
  return size;
}

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), target = (pid + 1) % p, source = (pid + p - 1) % p;

  /* Superstep 0: tag size 0 in effect. */
  CHECK_EQ(set_tagsize(4), 0, "the default tag size");
  CHECK_EQ(set_tagsize(8), 4, "bsp_set_tagsize after a first call in this superstep");
  CHECK_EQ(set_tagsize(4), 8, "bsp_set_tagsize reinstating 4");
  int payload = 10 + pid;
  bsp_send(target, NULL, &payload, sizeof payload); /* tag size 0 still in effect */
  bsp_sync();

  /* Superstep 1: tag size 4. The message sent in superstep 0 has an empty tag. */
  unsigned char tag[8];
  memset(tag, 0xAB, sizeof tag);
  int status = -2, received = -1;
  bsp_get_tag(&status, tag);
  CHECK_EQ(status, sizeof(int), "the payload length of the message from superstep 0");
  for (size_t i = 0; i < sizeof tag; i++) CHECK_EQ(tag[i], 0xAB, "a byte of a tag of size 0");
  bsp_move(&received, sizeof received);
  CHECK_EQ(received, 10 + source, "the payload from superstep 0");

  int tag_out = 20 + pid;
  payload = 30 + pid;
  bsp_send(target, &tag_out, &payload, sizeof payload);
  tag_out = -1; /* the tag was copied at the call */
  /* Without these two calls 4 would stay in effect: the first returns 4, the second restores
   * it and so returns 0, the value set by the first. */
  CHECK_EQ(set_tagsize(0), 4, "bsp_set_tagsize in superstep 1");
  CHECK_EQ(set_tagsize(4), 0, "bsp_set_tagsize undoing the previous call");
  bsp_sync();

  /* Superstep 2: tag size still 4. */
  int tag_in = -1;
  bsp_get_tag(&status, &tag_in);
  CHECK_EQ(status, sizeof(int), "the payload length of the message from superstep 1");
  CHECK_EQ(tag_in, 20 + source, "the tag from superstep 1");
  bsp_move(&received, sizeof received);
  CHECK_EQ(received, 30 + source, "the payload from superstep 1");
  CHECK_EQ(set_tagsize(0), 4, "the tag size in effect in superstep 2");
  bsp_sync();

  /* Superstep 3: tag size 0 again. */
  CHECK_EQ(set_tagsize(0), 0, "the tag size after resetting it to 0");
  bsp_sync();
  bsp_end();
  printf("PASS\n");
  return 0;
}
