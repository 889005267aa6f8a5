/*
 * bsp.h - Superstep's BSPlib interface.
 *
 * The 20 primitives of BSPlib (Hill et al., "BSPlib: The BSP Programming
 * Library", Parallel Computing 24, 1998, Table 2) with exactly the paper's
 * C signatures, usable from C99 and later and from C++.
 *
 * Programs written for MulticoreBSP for C or BSPedupack 2.0 compile with
 * SUPERSTEP_MCBSP_COMPAT defined (bspcc --mcbsp, or #include <mcbsp.h>):
 * see superstep/mcbsp_interface.h.
 *
 * Supersteps are numbered from 0: superstep 0 starts at bsp_begin and every
 * bsp_sync ends one superstep and starts the next. Error messages use this
 * numbering.
 */
#ifndef SUPERSTEP_BSP_H
#define SUPERSTEP_BSP_H

#include <stdarg.h>
#include <stddef.h>
#ifdef SUPERSTEP_MCBSP_COMPAT
#include <stdint.h> /* SIZE_MAX: what bsp_get_tag and bsp_hpmove report for an empty queue */
#endif

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define SUPERSTEP_NORETURN __attribute__((noreturn))
#define SUPERSTEP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SUPERSTEP_NORETURN
#define SUPERSTEP_PRINTF(f, a)
#endif

#ifdef SUPERSTEP_MCBSP_COMPAT
/* The interface of MulticoreBSP for C and BSPedupack 2.0: unsigned process
 * ids, size_t sizes, bsp_hpsend and bsp_direct_get. */
#include "superstep/mcbsp_interface.h"
#else
/* Types used by later BSPlib programs. They are int, so programs written
 * against the classic int interface and programs using these names both
 * compile unchanged. */
typedef int bsp_pid_t;
typedef int bsp_nprocs_t;
typedef int bsp_size_t;

/* SPMD framework (paper section 2) */
void bsp_begin(int maxprocs);
int bsp_nprocs(void);
int bsp_pid(void);

/* Direct remote memory access (paper section 3) */
void bsp_push_reg(const void *ident, int size);
void bsp_put(int pid, const void *src, void *dst, int offset, int nbytes);
void bsp_hpput(int pid, const void *src, void *dst, int offset, int nbytes);
void bsp_get(int pid, const void *src, int offset, void *dst, int nbytes);
void bsp_hpget(int pid, const void *src, int offset, void *dst, int nbytes);

/* Bulk synchronous message passing (paper section 4) */
void bsp_set_tagsize(int *tag_nbytes);
void bsp_send(int pid, const void *tag, const void *payload, int payload_nbytes);
void bsp_qsize(int *nmessages, int *accum_nbytes);
void bsp_get_tag(int *status, void *tag);
void bsp_move(void *payload, int reception_nbytes);
int bsp_hpmove(void **tag_ptr, void **payload_ptr);
#endif /* SUPERSTEP_MCBSP_COMPAT */

/* The primitives whose signatures both interfaces share. */
void bsp_end(void);
void bsp_init(void (*spmd_part)(void), int argc, char *argv[]);
void bsp_abort(const char *format, ...) SUPERSTEP_NORETURN SUPERSTEP_PRINTF(1, 2);
/* bsp_abort with a va_list, for wrappers that forward their own arguments. */
void bsp_vabort(const char *format, va_list args) SUPERSTEP_NORETURN SUPERSTEP_PRINTF(1, 0);
double bsp_time(void);
void bsp_sync(void);
void bsp_pop_reg(const void *ident);

/* bsp_sync with its call site, for profiles (docs/bspprof.md). The macro below
 * makes every bsp_sync() call pass its file and line; being function-like, it
 * leaves &bsp_sync and declarations alone, so existing programs still compile.
 * Define SUPERSTEP_NO_SYNC_SITE before including bsp.h to call bsp_sync itself. */
void bsp_sync_at(const char *file, int line);

#ifdef __cplusplus
}
#endif

#ifndef SUPERSTEP_NO_SYNC_SITE
#define bsp_sync() bsp_sync_at(__FILE__, __LINE__)
#endif

#endif /* SUPERSTEP_BSP_H */
