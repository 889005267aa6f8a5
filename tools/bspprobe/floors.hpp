// The physical floors the runtime is compared with, measured in the same run:
// what a plain memcpy costs per byte, and what the cheapest barrier between
// two processes costs over shared memory.
#pragma once

#include "plan.hpp"
#include "stats.hpp"

namespace bspprobe {

// Seconds per byte of an out-of-cache memcpy in one process.
Summary measure_memcpy_seconds_per_byte(const Plan& plan);

// Seconds per barrier of two forked processes that meet on a spin-then-futex
// barrier in a MAP_SHARED anonymous mapping. Throws std::runtime_error when
// fork or mmap fail.
Summary measure_barrier_seconds(const Plan& plan);

}  // namespace bspprobe
