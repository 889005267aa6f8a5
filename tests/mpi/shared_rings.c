/* Bulk messages of 1 MiB or more between ranks of one host go through the MPI engine's shared
 * rings (engines/mpi/shared_rings.cpp), not through MPI: this program defines MPI_Isend and
 * MPI_Irecv (Open MPI's profiling interface forwards them to PMPI_*), so the engine's calls come
 * through here, and no message of 1 MiB or more may pass. In one superstep every process
 * hpputs 1 MiB + 13 and then 5 MiB + 7 bytes (more than a ring holds, so the ring wraps in the
 * middle of a message) to every other process, puts 2 MiB + 1 to the next one, and gets
 * 3 MiB + 5 from every other process: several messages a pair, both ways at once, in the order
 * posted; and it sends a message of 3 MiB + 3 to the next process, whose stream then travels
 * through the rings too. Every byte is checked; then the same again, to go round the rings from
 * where the first superstep left them. Prints PASS from process 0. */
#include <bsp.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "byte_pattern.h"
#include "spmd_check.h"

#define MIB (1024L * 1024L)
#define SMALL_HP (MIB + 13)
#define LARGE_HP (5 * MIB + 7)
#define PUT (2 * MIB + 1)
#define GET (3 * MIB + 5)
#define SLOT (SMALL_HP + LARGE_HP + PUT + GET) /* what one process receives from another */
#define SEND (3 * MIB + 3)

static int large_mpi_messages;

int MPI_Irecv(void* buf, int count, MPI_Datatype type, int source_rank, int tag, MPI_Comm comm,
              MPI_Request* request) {
  if (count >= MIB) ++large_mpi_messages;
  return PMPI_Irecv(buf, count, type, source_rank, tag, comm, request);
}

int MPI_Isend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
              MPI_Request* request) {
  if (count >= MIB) ++large_mpi_messages;
  return PMPI_Isend(buf, count, type, dest, tag, comm, request);
}

/* The message from the previous process, moved out of the queue. */
static void check_message(unsigned char* got, int salt) {
  int messages = 0, bytes = 0, status = 0;
  bsp_qsize(&messages, &bytes);
  CHECK_EQ(messages, 1, "messages queued");
  bsp_get_tag(&status, NULL);
  CHECK_EQ(status, SEND, "the message's length");
  bsp_move(got, SEND);
  CHECK_EQ(first_wrong_byte(got, SEND, salt), -1, "message's first wrong byte");
}

/* One superstep of every transfer; `round` changes every pattern. */
static void exchange(unsigned char* source, unsigned char* area, unsigned char* got, int round) {
  int p = bsp_nprocs(), me = bsp_pid();
  fill_pattern(source, SMALL_HP, 4 * me + round);
  fill_pattern(source + SMALL_HP, LARGE_HP, 4 * me + round + 1);
  fill_pattern(source + SMALL_HP + LARGE_HP, PUT, 4 * me + round + 2);
  fill_pattern(area + (long)me * SLOT + SMALL_HP + LARGE_HP + PUT, GET, 4 * me + round + 3);
  bsp_sync();
  for (int k = 1; k < p; ++k) {
    int q = (me + k) % p;
    long slot = (long)me * SLOT;
    bsp_hpput(q, source, area, (int)slot, SMALL_HP);
    bsp_hpput(q, source + SMALL_HP, area, (int)(slot + SMALL_HP), LARGE_HP);
    if (k == 1)
      bsp_put(q, source + SMALL_HP + LARGE_HP, area, (int)(slot + SMALL_HP + LARGE_HP), PUT);
    bsp_get(q, area, (int)((long)q * SLOT + SMALL_HP + LARGE_HP + PUT), got + (long)q * GET, GET);
  }
  /* The message's payload is copied at the call: its buffer may change right after. */
  unsigned char* message = malloc(SEND);
  CHECK(message != NULL);
  fill_pattern(message, SEND, 4 * me + round + 5);
  bsp_send((me + 1) % p, NULL, message, SEND);
  memset(message, 0, SEND);
  free(message);
  bsp_sync();
  for (int k = 1; k < p; ++k) {
    int q = (me + k) % p;
    unsigned char* from_q = area + (long)q * SLOT;
    CHECK_EQ(first_wrong_byte(from_q, SMALL_HP, 4 * q + round), -1,
             "small hpput's first wrong byte");
    CHECK_EQ(first_wrong_byte(from_q + SMALL_HP, LARGE_HP, 4 * q + round + 1), -1,
             "large hpput's first wrong byte");
    if (q == (me + p - 1) % p)
      CHECK_EQ(first_wrong_byte(from_q + SMALL_HP + LARGE_HP, PUT, 4 * q + round + 2), -1,
               "put's first wrong byte");
    CHECK_EQ(first_wrong_byte(got + (long)q * GET, GET, 4 * q + round + 3), -1,
             "get's first wrong byte");
  }
  check_message(got, 4 * ((me + p - 1) % p) + round + 5);
}

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs();
  unsigned char* source = malloc(SLOT);
  unsigned char* area = calloc((size_t)p, SLOT);
  unsigned char* got = calloc((size_t)p, GET);
  CHECK(source != NULL && area != NULL && got != NULL);
  bsp_push_reg(area, (int)(p * SLOT));
  bsp_sync();
  for (int round = 0; round < 2; ++round) exchange(source, area, got, round);
  CHECK_EQ(large_mpi_messages, 0, "MPI messages of 1 MiB or more");
  bsp_sync();
  if (bsp_pid() == 0) printf("PASS\n");
  bsp_end();
  free(source);
  free(area);
  free(got);
  return 0;
}
