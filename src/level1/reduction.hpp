// The combining collectives (reduce, allreduce, inclusive and exclusive scan)
// share one scheme: each result is a rank-order combination of contributions,
// and only who needs which contributions differs.
#pragma once

#include <bsp_level1.h>

namespace superstep::level1 {

enum class Reduction { reduce, allreduce, scan_inclusive, scan_exclusive };

void reduction(const char* name, Reduction kind, int root, const void* src, void* dst, int count,
               int size, bsp_combine_fn op, void* arg);

}  // namespace superstep::level1
