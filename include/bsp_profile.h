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

#ifdef __cplusplus
}
#endif

#endif /* SUPERSTEP_BSP_PROFILE_H */
