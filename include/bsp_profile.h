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

#ifdef __cplusplus
}
#endif

#endif /* SUPERSTEP_BSP_PROFILE_H */
