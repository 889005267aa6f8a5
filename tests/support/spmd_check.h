/*
 * spmd_check.h - checks for SPMD test programs.
 *
 * A failed check stops the whole program through bsp_abort with the file, line, the
 * condition and the values, so the run exits non-zero and says why. bsp_abort may be called
 * anywhere, also outside bsp_begin..bsp_end.
 */
#ifndef SUPERSTEP_TESTS_SPMD_CHECK_H
#define SUPERSTEP_TESTS_SPMD_CHECK_H

#include <bsp.h>

#define CHECK(cond)                                                               \
  do {                                                                            \
    if (!(cond)) bsp_abort("%s:%d: check failed: %s", __FILE__, __LINE__, #cond); \
  } while (0)

/* Compares two values as long long and prints both when they differ. `what` names the
 * quantity, e.g. "x on process 3". */
#define CHECK_EQ(actual, expected, what)                                                         \
  do {                                                                                           \
    long long check_actual_ = (long long)(actual), check_expected_ = (long long)(expected);      \
    if (check_actual_ != check_expected_)                                                        \
      bsp_abort("%s:%d: check failed: %s is %lld, expected %lld (%s == %s)", __FILE__, __LINE__, \
                (what), check_actual_, check_expected_, #actual, #expected);                     \
  } while (0)

#endif /* SUPERSTEP_TESTS_SPMD_CHECK_H */
