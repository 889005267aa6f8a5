/* The minor page faults the calling process has taken so far (each a page the
 * kernel mapped for it, or one that MADV_POPULATE_* mapped ahead). Shared by the
 * unit tests that count the faults of supersteps. */
#pragma once

#include <sys/resource.h>

static long minor_faults(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}
