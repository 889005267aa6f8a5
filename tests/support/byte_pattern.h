/*
 * byte_pattern.h - a byte pattern for transfer tests: byte i of a buffer filled with salt s is a
 * function of i and s only, so a test can fill a source and check any stretch of a destination
 * without keeping a copy (different salts tell different sources apart).
 */
#ifndef SUPERSTEP_TESTS_BYTE_PATTERN_H
#define SUPERSTEP_TESTS_BYTE_PATTERN_H

static inline unsigned char byte_pattern(long i, int salt) {
  return (unsigned char)(i * 131 + salt * 29 + 7);
}

static inline void fill_pattern(unsigned char* at, long n, int salt) {
  for (long i = 0; i < n; ++i) at[i] = byte_pattern(i, salt);
}

/* The index of the first byte of at[0..n) that differs from the pattern, or -1. */
static inline long first_wrong_byte(const unsigned char* at, long n, int salt) {
  for (long i = 0; i < n; ++i)
    if (at[i] != byte_pattern(i, salt)) return i;
  return -1;
}

#endif /* SUPERSTEP_TESTS_BYTE_PATTERN_H */
