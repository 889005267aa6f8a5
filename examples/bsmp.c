/*
 * bsmp.c - bulk synchronous message passing: tags, the queue, bsp_move and
 * bsp_hpmove (paper section 4).
 *
 * A message has a fixed-size tag and a payload of any length. Messages sent
 * in one superstep arrive in the receiver's queue at the start of the next.
 * The tag size is set collectively with bsp_set_tagsize and, like everything
 * collective, takes effect at the next sync.
 *
 * Every process s sends each process one message: the tag is s, the payload
 * is s+1 ints, all equal to s. Each receiver reads its first message with
 * bsp_get_tag and bsp_move (copying), and the rest with bsp_hpmove (no copy:
 * pointers into the queue, valid until the end of the superstep).
 */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs();
  int s = bsp_pid();

  int tag_size = sizeof(int);
  bsp_set_tagsize(&tag_size); /* tag_size now holds the previous size, 0 */
  bsp_sync();

  int *payload = malloc((size_t)(s + 1) * sizeof(int));
  if (payload == NULL) bsp_abort("bsmp: no memory\n");
  for (int i = 0; i <= s; ++i) payload[i] = s;
  for (int t = 0; t < p; ++t) bsp_send(t, &s, payload, (s + 1) * (int)sizeof(int));
  free(payload); /* bsp_send has copied tag and payload */
  bsp_sync();

  int messages, bytes;
  bsp_qsize(&messages, &bytes);
  long sum = 0;

  /* The first message, copied out. */
  int status, sender;
  bsp_get_tag(&status, &sender); /* status: the payload length, or -1 if the queue is empty */
  if (status >= 0) {
    int *first = malloc((size_t)status);
    if (first == NULL && status > 0) bsp_abort("bsmp: no memory\n");
    bsp_move(first, status);
    for (int i = 0; i < status / (int)sizeof(int); ++i) sum += first[i];
    free(first);
  }
  /* The rest, read in place. */
  void *tag_ptr, *payload_ptr;
  int length;
  while ((length = bsp_hpmove(&tag_ptr, &payload_ptr)) >= 0) {
    const int *values = payload_ptr;
    for (int i = 0; i < length / (int)sizeof(int); ++i) sum += values[i];
  }
  printf("process %d received %d messages, %d bytes of payload, values summing to %ld\n", s,
         messages, bytes, sum);

  bsp_set_tagsize(&tag_size); /* back to the size we found */
  bsp_end();
  return 0;
}
