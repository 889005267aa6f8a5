// Wall-clock helpers for the single-process measurements (s and the floors).
#pragma once

#include <chrono>

namespace bspprobe {

inline double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Tells the compiler that memory behind p is read and written here, so a
// kernel whose result is otherwise unused is not optimised away.
// A polite busy-wait step for spin loops.
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

inline void clobber_memory(const void* p) { asm volatile("" : : "g"(p) : "memory"); }

}  // namespace bspprobe
