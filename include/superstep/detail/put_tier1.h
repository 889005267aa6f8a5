/*
 * superstep/detail/put_tier1.h - tier 1 of bsp_put and bsp_hpput, inline in the program.
 * Included by superstep/detail/inline_paths.h (which bsp.h includes); not an interface of
 * its own (see there).
 *
 * Taken when the put continues the run of puts to the same process: 8 or 16 bytes from a
 * non-NULL src, into the registration the run is for, at the offset where the last put there
 * ended, while the run has room. Its bytes are then copied to the run's end and nothing else
 * happens: no call. The library opens a run (tier 2, after a small put that was appended to a
 * record there) and ends it (at the next put that does not continue it to that process, and
 * at every sync, push and pop). The runs are looked up in one of four tables, by the put's
 * kind and size (both constants in the program, so that choosing costs nothing): all four are
 * one table, shared by 8- and 16-byte puts and hpputs, unless profiling is on, where each run
 * holds puts of one kind and size, and the library counts them when the run ends. Every other
 * put calls superstep_put_after_first_tier, the library's tiers 2 and 3 (src/api/put.cpp maps
 * them) with the caller's file and line, which are constants in the program and which the
 * library reads only to report a misuse.
 */
#ifndef SUPERSTEP_PUT_TIER1_H
#define SUPERSTEP_PUT_TIER1_H

#ifdef __cplusplus
extern "C" {
#endif

/* The run of puts to one process: into the area this process registered as
 * `ident` (NULL: no run), from `next_offset` on, its bytes at run.at. */
struct superstep_put_run {
  const void *ident;
  unsigned int next_offset;
  struct superstep_run run;
};

/* This process's runs, one per process in each table (`runs[table][pid]`,
 * table superstep_put_table_of(hp, nbytes)), while bsp_begin..bsp_end runs;
 * nprocs is 0 outside it, so that every put then reaches the library, which
 * reports the misuse. */
struct superstep_put_table {
  struct superstep_put_run *runs[4];
  unsigned int nprocs;
};
extern struct superstep_put_table superstep_put_runs;

#if defined(__GNUC__) || defined(__clang__)
/* Grows the run by nbytes (8 or 16) copied from src and returns 1 when it
 * has room; returns 0, having done nothing, when it has not. Calls nothing. */
extern __inline __attribute__((__gnu_inline__, __always_inline__)) int superstep_run_extend(
    struct superstep_run *run, const void *src, int nbytes) {
  char *at = run->at;
  if ((unsigned long)(run->end - at) < (unsigned long)nbytes) return 0;
  superstep_copy_small(at, src, (unsigned int)nbytes);
  run->at = at + nbytes;
  return 1;
}

/* The table of runs a put of this kind (hp: an hpput) and size looks in. */
extern __inline __attribute__((__gnu_inline__, __always_inline__)) int superstep_put_table_of(
    int hp, int nbytes) {
  return (hp ? 2 : 0) + (nbytes == 16);
}

/* Appends the put (hp: an hpput) to its process's run and returns 1 when it
 * continues the run and the run has room; returns 0, having done nothing,
 * otherwise. */
extern __inline __attribute__((__gnu_inline__, __always_inline__)) int superstep_put_continues(
    int pid, const void *src, const void *dst, int offset, int nbytes, int hp) {
  struct superstep_put_run *put_run;
  /* Unsigned: a negative pid is out of range too. */
  if ((unsigned int)pid >= superstep_put_runs.nprocs) return 0;
  put_run = &superstep_put_runs.runs[superstep_put_table_of(hp, nbytes)][pid];
  /* A negative offset never equals next_offset (at most INT_MAX). */
  if (dst != put_run->ident || (unsigned int)offset != put_run->next_offset ||
      (nbytes != 8 && nbytes != 16) || !src)
    return 0;
  if (!superstep_run_extend(&put_run->run, src, nbytes)) return 0;
  put_run->next_offset += (unsigned int)nbytes;
  return 1;
}

/* The library's tiers 2 and 3 of bsp_put and of bsp_hpput, with the put's arguments but for
 * nbytes, which travels in the low half of nbytes_and_line, and the caller's line in its high
 * half: six arguments, all in registers (on x86-64 and AArch64), so that the call costs the
 * program what it cost before it named its site; with constant nbytes and line (the common
 * case), one constant. A misuse is reported naming file and line (file NULL: no site), which
 * the library reads on that path only. */
void superstep_put_after_first_tier(int pid, const void *src, void *dst, int offset,
                                    __UINT64_TYPE__ nbytes_and_line, const char *file);
void superstep_hpput_after_first_tier(int pid, const void *src, void *dst, int offset,
                                      __UINT64_TYPE__ nbytes_and_line, const char *file);
extern __inline __attribute__((__gnu_inline__, __always_inline__)) __UINT64_TYPE__
superstep_nbytes_and_line(int nbytes, int line) {
  return (__UINT64_TYPE__)(unsigned int)line << 32 | (unsigned int)nbytes;
}

#if defined(__OPTIMIZE__) && !defined(SUPERSTEP_BUILDING_LIBRARY) && !defined(SUPERSTEP_NO_INLINE)
extern __inline __attribute__((__gnu_inline__)) void bsp_put_at(int pid, const void *src,
                                                                void *dst, int offset, int nbytes,
                                                                const char *file, int line) {
  if (__builtin_expect(superstep_put_continues(pid, src, dst, offset, nbytes, 0), 1)) return;
  superstep_put_after_first_tier(pid, src, dst, offset, superstep_nbytes_and_line(nbytes, line),
                                 file);
}
extern __inline __attribute__((__gnu_inline__)) void bsp_hpput_at(int pid, const void *src,
                                                                  void *dst, int offset,
                                                                  int nbytes, const char *file,
                                                                  int line) {
  if (__builtin_expect(superstep_put_continues(pid, src, dst, offset, nbytes, 1), 1)) return;
  superstep_hpput_after_first_tier(pid, src, dst, offset,
                                   superstep_nbytes_and_line(nbytes, line), file);
}
extern __inline __attribute__((__gnu_inline__)) void bsp_put(int pid, const void *src, void *dst,
                                                             int offset, int nbytes) {
  bsp_put_at(pid, src, dst, offset, nbytes, 0, 0);
}
extern __inline __attribute__((__gnu_inline__)) void bsp_hpput(int pid, const void *src, void *dst,
                                                               int offset, int nbytes) {
  bsp_hpput_at(pid, src, dst, offset, nbytes, 0, 0);
}
#endif /* optimised program */
#endif /* GCC or Clang */

#ifdef __cplusplus
}
#endif

#endif /* SUPERSTEP_PUT_TIER1_H */
