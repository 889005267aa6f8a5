/*
 * superstep/detail/inline_paths.h - the first tier of bsp_send and bsp_move
 * (and, in put_tier1.h, of bsp_put and bsp_hpput), inline in the program. Included by bsp.h (and by the
 * library's sources, for the layout); programs include bsp.h.
 *
 * A program that writes an array element by element calls bsp_put once per
 * element, and one that sends a message per element calls bsp_send and then
 * bsp_move once per element. Superstep makes the common case of each call a
 * few loads and stores: a put that continues the last put to the same
 * process (8 or 16 bytes, the same registration, the next offset) appends
 * its bytes to a run that becomes one record; a send of the same shape as
 * the last one to that process (tag and payload sizes, at most 16 bytes
 * each) appends its tag and payload to a run of such sends that becomes one
 * record, with one header for all; a move of a payload of at most 16 bytes
 * copies it and steps the queue on to the next message of the same run or
 * stream. What is left of such a call is the call itself:
 * through the shared library's procedure linkage table it costs more than
 * the work (bench/call_costs.cpp measures both). Here the first tier is
 * inline in the program, and the library is called
 * only when it does not apply: bsp_send, bsp_send_at and bsp_move below,
 * and bsp_put, bsp_put_at, bsp_hpput and bsp_hpput_at in put_tier1.h, are
 * GNU inline definitions, used where the compiler inlines (an optimised
 * build), while the library's functions of those names stay what &bsp_put
 * and unoptimised builds call. They take the same first tier through the
 * same functions (superstep_put_continues, superstep_send_fits,
 * superstep_move_small), so both behave alike. The *_at forms (bsp.h's
 * macros call them) pass the caller's file and line, constants, along to
 * the library, which reads them only to report a misuse.
 *
 * Not an interface of its own: the layouts below (and put_tier1.h's) are a
 * contract between a program and the library it runs with, numbered by
 * SUPERSTEP_INLINE_LAYOUT. An optimised program keeps the number it was
 * compiled with (superstep_program_inline_layout, below), and bsp_begin stops
 * a program whose number is not the library's with one line that says so,
 * instead of letting it write records the library would misread. The library
 * checks the layouts against its own records' definitions when it is built.
 * Define SUPERSTEP_NO_INLINE before including bsp.h to call the library for
 * every primitive (such a program depends on no layout).
 */
#ifndef SUPERSTEP_INLINE_PATHS_H
#define SUPERSTEP_INLINE_PATHS_H

#include <stddef.h>

/* The number of the layouts below: changed with any of them. */
#define SUPERSTEP_INLINE_LAYOUT 2

#ifdef __cplusplus
extern "C" {
#endif

#if (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__) && \
    !defined(SUPERSTEP_BUILDING_LIBRARY) && !defined(SUPERSTEP_NO_INLINE)
/* The layout this program's inline paths were compiled with: every file that
 * includes bsp.h defines it alike (weak), and the library, which refers to it
 * by name, finds the program's at bsp_begin. */
#ifdef __cplusplus
extern __attribute__((__weak__, __visibility__("default"))) const unsigned int
    superstep_program_inline_layout = SUPERSTEP_INLINE_LAYOUT;
#else
extern const unsigned int superstep_program_inline_layout;
__attribute__((__weak__, __visibility__("default"))) const unsigned int
    superstep_program_inline_layout = SUPERSTEP_INLINE_LAYOUT;
#endif
#endif

/* Where a run's next bytes go in the stream to its destination, and how far
 * it may grow there (at == end: no room, or no run). */
struct superstep_run {
  char *at;
  char *end;
};

/* ---- bsp_send ---- */

/* A window of the stream to one process, where sends of one shape (a tag of
 * tag_bytes and a payload of payload_bytes, each at most 16, not both 0) go
 * as the messages of a run: each its tag and its payload, each padded to a
 * multiple of 8 bytes, with no header of its own. The library opens it after
 * a send of that shape, writing the run's header, and anything else that
 * touches the stream closes it (at == end) and counts its messages. */
struct superstep_send_window {
  struct superstep_run run;
  unsigned int tag_bytes;
  unsigned int payload_bytes;
};
struct superstep_send_table {
  struct superstep_send_window *windows;
  unsigned int nprocs; /* 0 outside bsp_begin..bsp_end */
};
extern struct superstep_send_table superstep_send_windows;

/* The record of a message in a stream (the library's messaging/records.hpp):
 * a 16-byte header (the kind, 4 bytes; the tag's size, 4 bytes; the
 * payload's size, 8 bytes), then the tag and the payload, each padded to a
 * multiple of 8 bytes. A run's messages are the same without the header. */
enum { superstep_send_record_kind = 3, superstep_record_header_bytes = 16 };

/* ---- bsp_move ---- */

/* The queue of this process: its first message, where the records of that
 * message's stream end, how many messages and payload bytes it holds. The
 * first message is a record (cursor at its header) where in_run is 0, else
 * the first of in_run messages left in a run of sends of one shape (cursor at
 * its tag; run_stride bytes from one to the next, the payload run_tag_room
 * bytes after the tag, run_payload_bytes long).
 * superstep_queue is NULL outside bsp_begin..bsp_end. */
struct superstep_queue_state {
  const char *cursor;
  const char *segment_end;
  size_t messages;
  size_t payload_bytes;
  size_t in_run;
  size_t run_stride;
  unsigned int run_tag_room;
  unsigned int run_payload_bytes;
};
extern struct superstep_queue_state *superstep_queue;

#if defined(__GNUC__) || defined(__clang__)
/* Copies the first and the last w of n bytes (w <= n <= 2w), which overlap
 * when n < 2w: w is a constant where it is inlined, so each copy is a load
 * and a store. */
extern __inline __attribute__((__gnu_inline__, __always_inline__)) void superstep_copy_ends(
    char *d, const char *s, unsigned int n, unsigned int w) {
  char first[8], last[8];
  __builtin_memcpy(first, s, w);
  __builtin_memcpy(last, s + n - w, w);
  __builtin_memcpy(d, first, w);
  __builtin_memcpy(d + n - w, last, w);
}

/* Copies n bytes, at most 16, with no call. */
extern __inline __attribute__((__gnu_inline__, __always_inline__)) void superstep_copy_small(
    void *dst, const void *src, unsigned int n) {
  char *d = (char *)dst;
  const char *s = (const char *)src;
  /* What the pointers point at is hidden from the compiler: a caller's
   * 4-byte tag meets the 8-byte branch, never taken for it, which GCC would
   * otherwise warn of (-Warray-bounds) in the program. Costs no instruction. */
  __asm__("" : "+r"(d), "+r"(s));
  if (n >= 8)
    superstep_copy_ends(d, s, n, 8);
  else if (n >= 4)
    superstep_copy_ends(d, s, n, 4);
  else if (n >= 2)
    superstep_copy_ends(d, s, n, 2);
  else if (n == 1)
    *d = *s;
}

/* Writes the message into its process's window and returns 1 when it has
 * the window's shape (and a tag and payload to read) and the window has
 * room; returns 0, having done nothing, otherwise. */
extern __inline __attribute__((__gnu_inline__, __always_inline__)) int superstep_send_fits(
    int pid, const void *tag, const void *payload, int nbytes) {
  struct superstep_send_window *window;
  char *at;
  unsigned int tag_bytes, tag_room;
  unsigned long element;
  if ((unsigned int)pid >= superstep_send_windows.nprocs) return 0;
  window = &superstep_send_windows.windows[pid];
  tag_bytes = window->tag_bytes;
  /* Unsigned: a negative count never equals the window's (at most 16). */
  if ((unsigned int)nbytes != window->payload_bytes || (!payload && nbytes != 0) ||
      (!tag && tag_bytes != 0))
    return 0;
  tag_room = (tag_bytes + 7u) & ~7u;
  element = tag_room + (((unsigned int)nbytes + 7u) & ~7u);
  at = window->run.at;
  /* A message of no bytes at all has no place in a run (nor does a closed window take it). */
  if (element == 0 || (unsigned long)(window->run.end - at) < element) return 0;
  superstep_copy_small(at, tag, tag_bytes);
  superstep_copy_small(at + tag_room, payload, (unsigned int)nbytes);
  window->run.at = at + element;
  return 1;
}

/* Moves the first message's payload (or its first reception_nbytes bytes)
 * into payload and removes the message, returning 1, when the payload is at
 * most 16 bytes, the buffer is not NULL, and the next message follows in the
 * same run or stream; returns 0, having done nothing, otherwise (the library
 * then also handles an empty queue, the last message, and the step to the
 * next run or stream). */
extern __inline __attribute__((__gnu_inline__, __always_inline__)) int superstep_move_small(
    void *payload, int reception_nbytes) {
  struct superstep_queue_state *queue = superstep_queue;
  const char *record, *data, *next;
  unsigned int tag_bytes, next_kind, n;
  __UINT64_TYPE__ payload_bytes;
  if (!queue || reception_nbytes < 0 || !payload) return 0;
  if (queue->in_run >= 2) {
    /* Runs hold payloads of at most 16 bytes. The queue is stepped before the
     * copy, which the compiler must assume may write into it. */
    const char *message = queue->cursor;
    unsigned int run_payload = queue->run_payload_bytes;
    n = run_payload < (unsigned int)reception_nbytes ? run_payload
                                                     : (unsigned int)reception_nbytes;
    queue->cursor = message + queue->run_stride;
    queue->in_run -= 1;
    queue->messages -= 1;
    queue->payload_bytes -= run_payload;
    superstep_copy_small(payload, message + queue->run_tag_room, n);
    return 1;
  }
  if (queue->in_run || queue->messages < 2) return 0;
  record = queue->cursor;
  __builtin_memcpy(&tag_bytes, record + 4, 4);
  __builtin_memcpy(&payload_bytes, record + 8, 8);
  if (payload_bytes > 16) return 0;
  data = record + superstep_record_header_bytes + ((tag_bytes + 7u) & ~7u);
  next = data + ((payload_bytes + 7u) & ~7u);
  if (next >= queue->segment_end) return 0;
  __builtin_memcpy(&next_kind, next, 4);
  if (next_kind != superstep_send_record_kind) return 0;
  n = (unsigned int)payload_bytes < (unsigned int)reception_nbytes ? (unsigned int)payload_bytes
                                                                   : (unsigned int)reception_nbytes;
  superstep_copy_small(payload, data, n);
  queue->cursor = next;
  queue->messages -= 1;
  queue->payload_bytes -= (size_t)payload_bytes;
  return 1;
}

/* The library's bsp_send after the first tier, which reports a misuse naming file and line
 * (file NULL: no site; read on that path only); and bsp_move after its first tier. */
void superstep_send_after_first_tier(int pid, const void *tag, const void *payload, int nbytes,
                                     const char *file, int line);
void superstep_move_after_first_tier(void *payload, int reception_nbytes);

#if defined(__OPTIMIZE__) && !defined(SUPERSTEP_BUILDING_LIBRARY) && !defined(SUPERSTEP_NO_INLINE)
extern __inline __attribute__((__gnu_inline__)) void bsp_send_at(int pid, const void *tag,
                                                                 const void *payload,
                                                                 int payload_nbytes,
                                                                 const char *file, int line) {
  if (__builtin_expect(superstep_send_fits(pid, tag, payload, payload_nbytes), 1)) return;
  superstep_send_after_first_tier(pid, tag, payload, payload_nbytes, file, line);
}
extern __inline __attribute__((__gnu_inline__)) void bsp_send(int pid, const void *tag,
                                                              const void *payload,
                                                              int payload_nbytes) {
  bsp_send_at(pid, tag, payload, payload_nbytes, 0, 0);
}
extern __inline __attribute__((__gnu_inline__)) void bsp_move(void *payload, int reception_nbytes) {
  if (__builtin_expect(superstep_move_small(payload, reception_nbytes), 1)) return;
  superstep_move_after_first_tier(payload, reception_nbytes);
}
#endif /* optimised program */
#endif /* GCC or Clang */

/* bsp_put and bsp_hpput: their first tier has a file of its own. */
#include "superstep/detail/put_tier1.h"

#ifdef __cplusplus
}
#endif

#endif /* SUPERSTEP_INLINE_PATHS_H */
