// Wall-clock helpers for the single-process measurements (s and the floors).
#pragma once

#include <chrono>

#include "superstep_internal/cpu_relax.hpp"

namespace bspprobe {

inline double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

using superstep::cpu_relax;

// Tells the compiler that memory behind p is read and written here, so a
// kernel whose result is otherwise unused is not optimised away.
inline void clobber_memory(const void* p) { asm volatile("" : : "g"(p) : "memory"); }

}  // namespace bspprobe
