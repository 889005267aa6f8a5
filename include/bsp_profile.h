/* Superstep's profiler hooks (docs/bspprof.md). Profiling is on when the
 * program runs with BSP_PROFILE=FILE (or bsprun --profile FILE); otherwise
 * these calls do nothing. Not part of BSPlib: a program that uses them links
 * with Superstep's libbsp. */
#ifndef SUPERSTEP_BSP_PROFILE_H
#define SUPERSTEP_BSP_PROFILE_H

#ifdef __cplusplus
extern "C" {
#endif

/* Names the current superstep of this process in the profile ("transpose");
 * the last label given before the superstep's bsp_sync wins. The text is
 * copied. */
void bsp_profile_label(const char *label);

/* The number of the superstep this process is in (from 0, as in the error
 * messages), or -1 outside bsp_begin..bsp_end: for tools and language
 * bindings that report errors the way the library does. */
long long bsp_superstep(void);

/* The bytes that process pid registered in the registration in effect of this
 * process's address ident (0 where pid registered NULL there), or -1 where
 * ident is not registered on this process, pid is out of range, or outside
 * bsp_begin..bsp_end: for language bindings that word a transfer beyond
 * another process's area in their own units before the call. */
long long bsp_registered_nbytes(int pid, const void *ident);

/* bsp_end that names its caller's file and line, as bsp_sync_at does for
 * bsp_sync: a mismatch found at the end (a registration or tag size one
 * process alone asked for) names them, and the reporting process's first
 * bsp_push_reg of the superstep. For language bindings, which pass their
 * program's line; errors as bsp_end. */
void bsp_end_at(const char *file, int line);

#ifdef __cplusplus
}
#endif

#endif /* SUPERSTEP_BSP_PROFILE_H */
