/* In an optimised program, a put that continues the last put to the same process is taken by
 * the inline first tier of bsp.h (superstep/detail/put_tier1.h), without a call into the library.
 * Built with -O2 and linked with --wrap for bsp_put, bsp_hpput (and their *_at forms, which
 * bsp.h's macros call) and what the first tier calls past itself
 * (superstep_put_after_first_tier and superstep_hpput_after_first_tier), so that every call the
 * program makes into the library to put is counted here. Each process writes an array of doubles
 * on the next process element by element with bsp_put, then with bsp_hpput (one superstep
 * each), and checks what arrived. The calls may open runs (one per record of a few kilobytes
 * in the stream), but a call per element fails the test. */
#include <bsp.h>
#include <stdio.h>

#define ELEMENTS 8192

void __real_superstep_put_after_first_tier(int pid, const void *src, void *dst, int offset,
                                           __UINT64_TYPE__ nbytes_and_line, const char *file);
void __real_superstep_hpput_after_first_tier(int pid, const void *src, void *dst, int offset,
                                             __UINT64_TYPE__ nbytes_and_line, const char *file);
void __real_bsp_put_at(int pid, const void *src, void *dst, int offset, int nbytes,
                       const char *file, int line);
void __real_bsp_hpput_at(int pid, const void *src, void *dst, int offset, int nbytes,
                         const char *file, int line);
void __real_bsp_send_at(int pid, const void *tag, const void *payload, int nbytes,
                        const char *file, int line);
void __real_bsp_put(int pid, const void *src, void *dst, int offset, int nbytes);
void __real_bsp_hpput(int pid, const void *src, void *dst, int offset, int nbytes);
void __real_superstep_send_after_first_tier(int pid, const void *tag, const void *payload,
                                            int nbytes, const char *file, int line);
void __real_bsp_send(int pid, const void *tag, const void *payload, int nbytes);
void __real_superstep_move_after_first_tier(void *payload, int reception_nbytes);
void __real_bsp_move(void *payload, int reception_nbytes);

static long calls;

void __wrap_superstep_put_after_first_tier(int pid, const void *src, void *dst, int offset,
                                           __UINT64_TYPE__ nbytes_and_line, const char *file) {
  calls++;
  __real_superstep_put_after_first_tier(pid, src, dst, offset, nbytes_and_line, file);
}
void __wrap_superstep_hpput_after_first_tier(int pid, const void *src, void *dst, int offset,
                                             __UINT64_TYPE__ nbytes_and_line, const char *file) {
  calls++;
  __real_superstep_hpput_after_first_tier(pid, src, dst, offset, nbytes_and_line, file);
}
void __wrap_bsp_put_at(int pid, const void *src, void *dst, int offset, int nbytes,
                       const char *file, int line) {
  calls++;
  __real_bsp_put_at(pid, src, dst, offset, nbytes, file, line);
}
void __wrap_bsp_hpput_at(int pid, const void *src, void *dst, int offset, int nbytes,
                         const char *file, int line) {
  calls++;
  __real_bsp_hpput_at(pid, src, dst, offset, nbytes, file, line);
}
void __wrap_bsp_send_at(int pid, const void *tag, const void *payload, int nbytes,
                        const char *file, int line) {
  calls++;
  __real_bsp_send_at(pid, tag, payload, nbytes, file, line);
}
void __wrap_bsp_put(int pid, const void *src, void *dst, int offset, int nbytes) {
  calls++;
  __real_bsp_put(pid, src, dst, offset, nbytes);
}
void __wrap_bsp_hpput(int pid, const void *src, void *dst, int offset, int nbytes) {
  calls++;
  __real_bsp_hpput(pid, src, dst, offset, nbytes);
}
void __wrap_superstep_send_after_first_tier(int pid, const void *tag, const void *payload,
                                            int nbytes, const char *file, int line) {
  calls++;
  __real_superstep_send_after_first_tier(pid, tag, payload, nbytes, file, line);
}
void __wrap_bsp_send(int pid, const void *tag, const void *payload, int nbytes) {
  calls++;
  __real_bsp_send(pid, tag, payload, nbytes);
}
void __wrap_superstep_move_after_first_tier(void *payload, int reception_nbytes) {
  calls++;
  __real_superstep_move_after_first_tier(payload, reception_nbytes);
}
void __wrap_bsp_move(void *payload, int reception_nbytes) {
  calls++;
  __real_bsp_move(payload, reception_nbytes);
}

static double source[ELEMENTS], arrived[ELEMENTS];

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), next = (pid + 1) % p, from = (pid + p - 1) % p;
  bsp_push_reg(arrived, (int)sizeof arrived);
  bsp_sync();
  static const char *const kinds[] = {"bsp_put", "bsp_hpput", "bsp_send and bsp_move"};
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < ELEMENTS; i++) source[i] = pid * 1e6 + round * ELEMENTS + i;
    long before = calls;
    for (int i = 0; i < ELEMENTS; i++) {
      if (round == 0)
        bsp_put(next, &source[i], arrived, i * (int)sizeof(double), (int)sizeof(double));
      else if (round == 1)
        bsp_hpput(next, &source[i], arrived, i * (int)sizeof(double), (int)sizeof(double));
      else
        bsp_send(next, NULL, &source[i], (int)sizeof(double));
    }
    long made = calls - before;
    bsp_sync();
    before = calls;
    if (round == 2) {
      int messages = 0;
      bsp_qsize(&messages, NULL);
      if (messages != ELEMENTS) bsp_abort("process %d: %d messages arrived\n", pid, messages);
      for (int i = 0; i < ELEMENTS; i++) bsp_move(&arrived[i], (int)sizeof(double));
    }
    made += calls - before;
    for (int i = 0; i < ELEMENTS; i++)
      if (arrived[i] != from * 1e6 + round * ELEMENTS + i)
        bsp_abort("process %d: element %d is %g, not %g\n", pid, i, arrived[i],
                  from * 1e6 + round * ELEMENTS + i);
    /* A record of the stream holds up to 4 KiB of one run (512 elements); a window of sends
     * lasts while the stream has room (it grows by doubling). */
    if (made > ELEMENTS / 64)
      bsp_abort("process %d: %ld of %d calls of %s reached the library past the first tier\n", pid,
                made, ELEMENTS, kinds[round]);
    bsp_sync(); /* the hpputs' sources are not touched before every process has read them */
  }
  bsp_end();
  if (pid == 0) printf("PASS\n");
  return 0;
}
