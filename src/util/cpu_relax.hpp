// A polite busy-wait step for spin loops: tells the processor we are spinning.
#pragma once

namespace superstep {

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

}  // namespace superstep
