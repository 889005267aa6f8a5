/* Large puts, hpputs and gets on the MPI engine travel as messages of their own and land
 * straight in place where nothing else of the sync touches their bytes
 * (core/bulk_messages.cpp). This
 * program defines MPI_Isend and MPI_Irecv (Open MPI's profiling interface forwards them to
 * PMPI_*), so the engine's calls come through here and their buffers are noted:
 *   - a 256 KiB bsp_put is received into the destination area itself;
 *   - a 256 KiB bsp_hpput is sent from its source buffer and received in place;
 *   - a large put that a later small put overlaps, and large puts from every process onto the
 *     same bytes, are not received in place, and the order of writes is the paper's: issue
 *     order, then source-pid order (the highest pid's bytes stay);
 *   - a 256 KiB bsp_get and bsp_hpget are sent by the owner straight from its area and
 *     received in place; a large get onto bytes a put of the same superstep writes lands
 *     first, and the put's bytes stay;
 *   - a put onto bytes its destination sends in the same superstep (the source of its own
 *     hpput, or what another process's get asks for) is not received in place, and the get
 *     still receives the bytes as they were before the superstep's writes;
 *   - a 256 KiB hpput and hpget whose destination lies 16 bytes after their source in a page
 *     land in a buffer a whole number of cache lines from their source, not in place. */
#include <bsp.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "spmd_check.h"

#define KIB 1024
#define LARGE (256 * KIB)
#define SHARED_OFFSET (2 * 1024 * KIB)
#define ANSWER_OFFSET (2560 * KIB)
#define HP_SOURCE_OFFSET (2816 * KIB)
#define MAX_NOTED 256

static char area[3 * 1024 * KIB];
static char source[LARGE], hp_source[LARGE], got[LARGE], hp_got[LARGE];
static const void *receive_buffers[MAX_NOTED], *send_buffers[MAX_NOTED];
static int receive_counts[MAX_NOTED], send_counts[MAX_NOTED];
static int receives, sends;

int MPI_Irecv(void *buf, int count, MPI_Datatype type, int source_rank, int tag, MPI_Comm comm,
              MPI_Request *request) {
  if (receives < MAX_NOTED) {
    receive_buffers[receives] = buf;
    receive_counts[receives] = count;
  }
  ++receives;
  return PMPI_Irecv(buf, count, type, source_rank, tag, comm, request);
}

int MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
              MPI_Request *request) {
  if (sends < MAX_NOTED) {
    send_buffers[sends] = buf;
    send_counts[sends] = count;
  }
  ++sends;
  return PMPI_Isend(buf, count, type, dest, tag, comm, request);
}

static int received_into(const void *at, int count) {
  for (int i = 0; i < receives && i < MAX_NOTED; ++i)
    if (receive_buffers[i] == at && receive_counts[i] == count) return 1;
  return 0;
}

static int sent_from(const void *at, int count) {
  for (int i = 0; i < sends && i < MAX_NOTED; ++i)
    if (send_buffers[i] == at && send_counts[i] == count) return 1;
  return 0;
}

static char byte_of(int pid, int i) { return (char)(pid * 31 + i * 7 + 1); }

int main(void) {
  bsp_begin(bsp_nprocs());
  const int p = bsp_nprocs(), me = bsp_pid();
  const int next = (me + 1) % p, prev = (me + p - 1) % p;
  bsp_push_reg(area, sizeof area);
  bsp_sync();
  for (int i = 0; i < LARGE; ++i) {
    source[i] = byte_of(me, i);
    hp_source[i] = byte_of(me + 100, i);
  }

  /* Nothing else touches the bytes: both land in place, the hpput straight from its source. */
  receives = sends = 0;
  bsp_put(next, source, area, 0, LARGE);
  bsp_hpput(next, hp_source, area, 1024 * KIB, LARGE);
  memset(source, 0, sizeof source); /* a put's source may change at once */
  bsp_sync();
  for (int i = 0; i < LARGE; ++i) {
    CHECK_EQ(area[i], byte_of(prev, i), "put byte");
    CHECK_EQ(area[1024 * KIB + i], byte_of(prev + 100, i), "hpput byte");
  }
  if (p > 1) {
    CHECK(received_into(area, LARGE));
    CHECK(received_into(area + 1024 * KIB, LARGE));
    CHECK(sent_from(hp_source, LARGE));
  }

  /* A small put after the large one onto some of its bytes: issue order decides. */
  for (int i = 0; i < LARGE; ++i) source[i] = byte_of(me + 1, i);
  const char mark[8] = {'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'};
  receives = sends = 0;
  bsp_put(next, source, area, 0, LARGE);
  bsp_put(next, mark, area, 1000, sizeof mark);
  /* Every process onto the same bytes of process 0: source-pid order decides. */
  bsp_put(0, source, area, SHARED_OFFSET, 64 * KIB);
  bsp_sync();
  for (int i = 0; i < LARGE; ++i)
    if (i < 1000 || i >= 1000 + (int)sizeof mark) CHECK_EQ(area[i], byte_of(prev + 1, i), "byte");
  CHECK(memcmp(area + 1000, mark, sizeof mark) == 0);
  if (p > 1) CHECK(!received_into(area, LARGE));
  if (me == 0) {
    for (int i = 0; i < 64 * KIB; ++i)
      CHECK_EQ(area[SHARED_OFFSET + i], byte_of(p - 1 + 1, i), "byte from the highest pid");
    if (p > 1) CHECK(!received_into(area + SHARED_OFFSET, 64 * KIB));
  }

  /* Gets from the next process's area; one of them onto bytes the previous process puts. */
  for (int i = 0; i < LARGE; ++i) {
    area[i] = byte_of(me + 50, i);
    area[1024 * KIB + i] = byte_of(me + 60, i);
    source[i] = byte_of(me + 70, i);
  }
  bsp_sync();
  receives = sends = 0;
  bsp_get(next, area, 0, got, LARGE);
  bsp_hpget(next, area, 1024 * KIB, hp_got, LARGE);
  bsp_get(next, area, 0, area + SHARED_OFFSET, 64 * KIB);
  bsp_put(next, source, area, SHARED_OFFSET, 64 * KIB);
  bsp_sync();
  for (int i = 0; i < LARGE; ++i) {
    CHECK_EQ(got[i], byte_of(next + 50, i), "get byte");
    CHECK_EQ(hp_got[i], byte_of(next + 60, i), "hpget byte");
  }
  for (int i = 0; i < 64 * KIB; ++i)
    CHECK_EQ(area[SHARED_OFFSET + i], byte_of(prev + 70, i), "put after get byte");
  if (p > 1) {
    CHECK(received_into(got, LARGE));
    CHECK(received_into(hp_got, LARGE));
    CHECK(sent_from(area, LARGE));
    CHECK(sent_from(area + 1024 * KIB, LARGE));
    CHECK(!received_into(area + SHARED_OFFSET, 64 * KIB));
  }

  /* Puts onto bytes their destination sends in the same superstep: the source of its own
   * hpput, and what the next process's get asks for. */
  for (int i = 0; i < 64 * KIB; ++i) {
    area[ANSWER_OFFSET + i] = byte_of(me + 80, i);
    area[HP_SOURCE_OFFSET + i] = byte_of(me + 90, i);
    source[i] = byte_of(me + 95, i);
  }
  bsp_sync();
  receives = sends = 0;
  bsp_get(prev, area, ANSWER_OFFSET, got, 64 * KIB);
  bsp_put(next, source, area, ANSWER_OFFSET, 64 * KIB);
  bsp_put(next, source, area, HP_SOURCE_OFFSET, 64 * KIB);
  bsp_hpput(next, area + HP_SOURCE_OFFSET, area, 1024 * KIB, 64 * KIB);
  bsp_sync();
  for (int i = 0; i < 64 * KIB; ++i) {
    CHECK_EQ(got[i], byte_of(prev + 80, i), "get byte read before the superstep's writes");
    CHECK_EQ(area[ANSWER_OFFSET + i], byte_of(prev + 95, i), "put byte over a get's source");
    CHECK_EQ(area[HP_SOURCE_OFFSET + i], byte_of(prev + 95, i), "put byte over an hp source");
  }
  if (p > 1) {
    CHECK(received_into(got, 64 * KIB));
    CHECK(!received_into(area + ANSWER_OFFSET, 64 * KIB));
    CHECK(!received_into(area + HP_SOURCE_OFFSET, 64 * KIB));
  }
  /* An hpput and an hpget whose destination lies 16 bytes after their source in a page, where
   * the kernel's copy that carries them within a host crawls: each lands in a buffer a whole
   * number of cache lines from its source instead of in place, and is copied from there. (The
   * static arrays lie at the same page offsets in every process.) */
  const size_t page = 4096;
  const size_t put_at =
      1024 * KIB + ((size_t)hp_source + 16 - (size_t)area) % page; /* in the next one's area */
  const size_t get_from = SHARED_OFFSET + ((size_t)hp_got - 16 - (size_t)area) % page;
  for (int i = 0; i < LARGE; ++i) {
    hp_source[i] = byte_of(me + 110, i);
    area[get_from + i] = byte_of(me + 120, i);
  }
  bsp_sync();
  receives = sends = 0;
  bsp_hpput(next, hp_source, area, (int)put_at, LARGE);
  bsp_hpget(next, area, (int)get_from, hp_got, LARGE);
  bsp_sync();
  for (int i = 0; i < LARGE; ++i) {
    CHECK_EQ(area[put_at + i], byte_of(prev + 110, i), "hpput byte at a slow distance");
    CHECK_EQ(hp_got[i], byte_of(next + 120, i), "hpget byte at a slow distance");
  }
  if (p > 1) {
    CHECK(!received_into(area + put_at, LARGE));
    CHECK(!received_into(hp_got, LARGE));
    CHECK(receives == 2);
    CHECK(receive_counts[0] == LARGE && receive_counts[1] == LARGE);
    CHECK(((size_t)receive_buffers[0] - (size_t)hp_source) % 64 == 0);
    CHECK(((size_t)receive_buffers[1] - ((size_t)area + get_from)) % 64 == 0);
  }

  bsp_pop_reg(area);
  bsp_sync();
  if (me == 0) printf("PASS\n");
  bsp_end();
  return 0;
}
