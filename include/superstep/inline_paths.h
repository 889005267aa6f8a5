/*
 * superstep/inline_paths.h - the first tier of bsp_put and bsp_hpput, inline
 * in the program. Included by bsp.h (and by the library's sources, for the
 * layout); programs include bsp.h.
 *
 * A program that writes an array element by element calls bsp_put once per
 * element. Superstep turns such puts into one record per run of consecutive
 * elements, so that each call only appends the element's bytes to the run
 * (an 8- or 16-byte put that continues the last put to the same process, in
 * the same registration). What is left of a call is the call itself: through
 * the shared library's procedure linkage table it costs more than the append
 * (about 8 ns against 2.5 ns on the AMD machine of README's table). Here the
 * append is inline in the program, and the call happens only when a put does
 * not continue a run: bsp_put and bsp_hpput below are GNU inline definitions,
 * used where the compiler inlines (an optimised build), while the library's
 * own bsp_put and bsp_hpput stay the functions that &bsp_put and unoptimised
 * builds call. Semantics are those of the library's functions: it takes the
 * same first tier through the same function (superstep_put_continues).
 *
 * Not an interface of its own: the layout below belongs to the library's
 * major version (libbsp.so.0), and a program built against it runs with any
 * libbsp.so.0. Define SUPERSTEP_NO_INLINE before including bsp.h to call
 * the library for every put.
 */
#ifndef SUPERSTEP_INLINE_PATHS_H
#define SUPERSTEP_INLINE_PATHS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Where a run's next bytes go in the stream to its destination, and how far
 * it may grow there (at == end: no room, or no run). */
struct superstep_run {
  char *at;
  char *end;
};

/* The run of puts to one process: into the area this process registered as
 * `ident` (NULL: no run), from `next_offset` on. */
struct superstep_put_run {
  const void *ident;
  unsigned int next_offset;
  struct superstep_run run;
};

/* This process's runs, one per process (`runs[pid]`), while bsp_begin..
 * bsp_end runs; nprocs is 0 outside it, so that every put then reaches the
 * library, which reports the misuse. */
struct superstep_put_table {
  struct superstep_put_run *runs;
  unsigned int nprocs;
};
extern struct superstep_put_table superstep_put_runs;

#if defined(__GNUC__) || defined(__clang__)
/* Grows the run by nbytes (8 or 16) copied from src and returns 1 when it
 * has room; returns 0, having done nothing, when it has not. Calls nothing. */
extern __inline __attribute__((__gnu_inline__, __always_inline__)) int superstep_run_extend(
    struct superstep_run *run, const void *src, int nbytes) {
  char *at = run->at;
  __UINT64_TYPE__ first, last; /* predefined by GCC and Clang */
  if ((unsigned long)(run->end - at) < (unsigned long)nbytes) return 0;
  /* Two words, which overlap when nbytes is 8: no call, no branch. */
  __builtin_memcpy(&first, src, 8);
  __builtin_memcpy(&last, (const char *)src + nbytes - 8, 8);
  __builtin_memcpy(at, &first, 8);
  __builtin_memcpy(at + nbytes - 8, &last, 8);
  run->at = at + nbytes;
  return 1;
}

/* Appends the put to its process's run and returns 1 when it continues the
 * run (8 or 16 bytes from a non-NULL src into the same registration, at the
 * offset where the last put there ended) and the run has room; returns 0,
 * having done nothing, otherwise. */
extern __inline __attribute__((__gnu_inline__, __always_inline__)) int superstep_put_continues(
    int pid, const void *src, const void *dst, int offset, int nbytes) {
  struct superstep_put_run *put_run;
  /* Unsigned: a negative pid is out of range too. */
  if ((unsigned int)pid >= superstep_put_runs.nprocs) return 0;
  put_run = &superstep_put_runs.runs[pid];
  /* A negative offset never equals next_offset (at most INT_MAX). */
  if (dst != put_run->ident || (unsigned int)offset != put_run->next_offset ||
      (nbytes != 8 && nbytes != 16) || !src)
    return 0;
  if (!superstep_run_extend(&put_run->run, src, nbytes)) return 0;
  put_run->next_offset += (unsigned int)nbytes;
  return 1;
}

/* The library's bsp_put and bsp_hpput after the first tier (hp: 0 or 1). */
void superstep_put_after_first_tier(int pid, const void *src, void *dst, int offset, int nbytes,
                                    int hp);

#if defined(__OPTIMIZE__) && !defined(SUPERSTEP_BUILDING_LIBRARY) && !defined(SUPERSTEP_NO_INLINE)
extern __inline __attribute__((__gnu_inline__)) void bsp_put(int pid, const void *src, void *dst,
                                                             int offset, int nbytes) {
  if (__builtin_expect(superstep_put_continues(pid, src, dst, offset, nbytes), 1)) return;
  superstep_put_after_first_tier(pid, src, dst, offset, nbytes, 0);
}
extern __inline __attribute__((__gnu_inline__)) void bsp_hpput(int pid, const void *src, void *dst,
                                                               int offset, int nbytes) {
  if (__builtin_expect(superstep_put_continues(pid, src, dst, offset, nbytes), 1)) return;
  superstep_put_after_first_tier(pid, src, dst, offset, nbytes, 1);
}
#endif /* optimised program */
#endif /* GCC or Clang */

#ifdef __cplusplus
}
#endif

#endif /* SUPERSTEP_INLINE_PATHS_H */
