#include "floors.hpp"

#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>

namespace bench {

namespace {
double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Sense-reversing barrier of two: each side flips its own flag and waits for
// the other's to match.
struct alignas(64) Flag {
  std::atomic<unsigned> value{0};
};

// Spins, yielding now and then: on a loaded machine the partner may be off
// its core, and a pure spin would then measure the scheduler's time slice.
void spin_until(const Flag& f, unsigned want) {
  for (unsigned spins = 0; f.value.load(std::memory_order_acquire) != want; ++spins) {
    if (spins % 4096 == 4095) sched_yield();
#if defined(__x86_64__)
    __builtin_ia32_pause();
#endif
  }
}
}  // namespace

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double two_process_barrier_seconds(int barriers_per_sample, int samples) {
  void* mem = mmap(nullptr, 2 * sizeof(Flag), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                   -1, 0);
  if (mem == MAP_FAILED) return 0;
  Flag* flags = new (mem) Flag[2];
  const long total = static_cast<long>(barriers_per_sample) * samples;
  pid_t child = fork();
  if (child == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the measuring process
    for (long i = 1; i <= total; ++i) {
      flags[1].value.store(static_cast<unsigned>(i), std::memory_order_release);
      spin_until(flags[0], static_cast<unsigned>(i));
    }
    _exit(0);
  }
  std::vector<double> per;
  long i = 0;
  for (int s = 0; s < samples; ++s) {
    double t0 = now();
    for (int b = 0; b < barriers_per_sample; ++b) {
      ++i;
      flags[0].value.store(static_cast<unsigned>(i), std::memory_order_release);
      spin_until(flags[1], static_cast<unsigned>(i));
    }
    per.push_back((now() - t0) / barriers_per_sample);
  }
  waitpid(child, nullptr, 0);
  munmap(mem, 2 * sizeof(Flag));
  return median(per);
}

double memcpy_seconds(std::size_t bytes, int samples) {
  std::vector<char> a(bytes, 1), b(bytes, 2);
  std::vector<double> t;
  for (int s = 0; s < samples; ++s) {
    double t0 = now();
    std::memcpy(b.data(), a.data(), bytes);
    asm volatile("" ::"r"(b.data()) : "memory");
    t.push_back(now() - t0);
  }
  return median(t);
}

}  // namespace bench
