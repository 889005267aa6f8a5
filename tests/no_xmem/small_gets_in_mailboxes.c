/* Small transfers need no cross-memory attach, and large ones follow
 * BSP_FORCE xmem_large. Each process refuses cross-memory attach for itself after
 * bsp_begin (refuse_xmem.h), then, by the argument:
 *   (none) every process gets 8 bytes (bsp_get) and 64 KiB (bsp_hpget) from
 *          every process: answered through the shared mailboxes whatever the
 *          setting, they arrive and process 0 prints PASS;
 *   large  process 0 gets 1 MiB from process p-1;
 *   hpput  process 0 hpputs 1 MiB to process p-1;
 *   sends  process 0 sends 40,000 messages of 8 bytes (a stream of about
 *          1 MiB) to process p-1.
 * Large ones arrive (PASS) where they are copied through shared memory
 * (BSP_FORCE=xmem_large=copy), and stop the run naming the refusal where they are
 * read in the source's memory (BSP_FORCE=xmem_large=read). */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refuse_xmem.h"

#define SMALL_WORDS (64 * 1024 / 8)
#define LARGE_BYTES (1024 * 1024)

int main(int argc, char** argv) {
  int large = argc > 1 && strcmp(argv[1], "large") == 0;
  int hpput = argc > 1 && strcmp(argv[1], "hpput") == 0;
  int sends = argc > 1 && strcmp(argv[1], "sends") == 0;
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), me = bsp_pid();
  long long word = 1000 + me;
  long long* block = malloc(SMALL_WORDS * sizeof *block);
  char* big = malloc(LARGE_BYTES);
  long long* words = malloc(p * sizeof *words);
  long long* blocks = malloc((size_t)p * SMALL_WORDS * sizeof *blocks);
  for (int i = 0; i < SMALL_WORDS; ++i) block[i] = (long long)me * SMALL_WORDS + i;
  memset(big, me, LARGE_BYTES);
  bsp_push_reg(&word, sizeof word);
  bsp_push_reg(block, SMALL_WORDS * sizeof *block);
  bsp_push_reg(big, LARGE_BYTES);
  bsp_sync();
  if (refuse_cross_memory_attach() != 0) bsp_abort("cannot install the seccomp filter");
  if (large) {
    if (me == 0) bsp_get(p - 1, big, 0, big, LARGE_BYTES);
    bsp_sync();
    if (me == 0)
      for (int i = 0; i < LARGE_BYTES; ++i)
        if (big[i] != p - 1) bsp_abort("process 0: byte %d of the get is %d", i, big[i]);
  }
  if (hpput) {
    if (me == 0) bsp_hpput(p - 1, big, big, 0, LARGE_BYTES);
    bsp_sync();
    if (me == p - 1)
      for (int i = 0; i < LARGE_BYTES; ++i)
        if (big[i] != 0) bsp_abort("process %d: byte %d of the hpput is %d", me, i, big[i]);
  }
  if (sends) {
    if (me == 0)
      for (long long i = 0; i < 40000; ++i) bsp_send(p - 1, NULL, &i, sizeof i);
    bsp_sync();
    int n = 0;
    bsp_qsize(&n, NULL);
    if (me == p - 1 && n != 40000) bsp_abort("process %d: %d messages, not 40000", me, n);
    for (long long i = 0; i < n; ++i) {
      long long v = -1;
      bsp_move(&v, sizeof v);
      if (v != i) bsp_abort("process %d: message %lld is %lld", me, i, v);
    }
  }
  large |= hpput | sends;  /* the small gets below are the default's */
  for (int q = 0; q < p && !large; ++q) {
    bsp_get(q, &word, 0, &words[q], sizeof word);
    bsp_hpget(q, block, 0, blocks + (size_t)q * SMALL_WORDS, SMALL_WORDS * sizeof *block);
  }
  bsp_sync();
  for (int q = 0; q < p && !large; ++q) {
    if (words[q] != 1000 + q) bsp_abort("process %d: word from %d is %lld", me, q, words[q]);
    for (int i = 0; i < SMALL_WORDS; ++i)
      if (blocks[(size_t)q * SMALL_WORDS + i] != (long long)q * SMALL_WORDS + i)
        bsp_abort("process %d: element %d from %d is wrong", me, i, q);
  }
  bsp_sync();
  if (me == 0) printf("PASS\n");
  bsp_end();
  free(block);
  free(big);
  free(words);
  free(blocks);
  return 0;
}
