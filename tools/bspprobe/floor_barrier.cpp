// A minimal two-process barrier, to show what the hardware and kernel allow.
#include <linux/futex.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "superstep_internal/processors.hpp"
#include "floors.hpp"
#include "timing.hpp"

namespace bspprobe {

namespace {

// Lives in a MAP_SHARED anonymous mapping, so both processes see it.
struct SharedBarrier {
  std::atomic<int> arrived{0};
  std::atomic<int> generation{0};
};
static_assert(std::atomic<int>::is_always_lock_free);

void futex(std::atomic<int>* word, int op, int value) {
  // Shared (not FUTEX_PRIVATE) because the waiters are different processes.
  syscall(SYS_futex, reinterpret_cast<int*>(word), op, value, nullptr, nullptr, 0);
}

// Generation barrier for two: the second to arrive opens the next generation.
// Waiters spin for up to kSpinSeconds (cheapest when both have a core), then
// sleep on a futex (cheapest when they share one with other programs). The
// spin is bounded in time, not in iterations: a pause instruction costs from
// a few to over a hundred cycles depending on the processor.
constexpr double kSpinSeconds = 50e-6;
void arrive_and_wait(SharedBarrier& b) {
  const int generation = b.generation.load(std::memory_order_acquire);
  if (b.arrived.fetch_add(1, std::memory_order_acq_rel) == 1) {
    b.arrived.store(0, std::memory_order_relaxed);
    b.generation.fetch_add(1, std::memory_order_release);
    futex(&b.generation, FUTEX_WAKE, 1);
    return;
  }
  const double give_up = now_seconds() + kSpinSeconds;
  do {
    for (int spin = 0; spin < 64; ++spin) {
      if (b.generation.load(std::memory_order_acquire) != generation) return;
      cpu_relax();
    }
  } while (now_seconds() < give_up);
  while (b.generation.load(std::memory_order_acquire) == generation)
    futex(&b.generation, FUTEX_WAIT, generation);
}

}  // namespace

Summary measure_barrier_seconds(const Plan& plan) {
  void* memory = mmap(nullptr, sizeof(SharedBarrier), PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED)
    throw std::runtime_error(std::string("barrier floor: mmap failed: ") + std::strerror(errno));
  auto* barrier = new (memory) SharedBarrier;

  const int samples = plan.s_repetitions * 3;
  const int rounds = plan.barrier_rounds / samples + 1;
  const pid_t parent = getpid();
  const pid_t child = fork();
  if (child < 0) {
    munmap(memory, sizeof(SharedBarrier));
    throw std::runtime_error(std::string("barrier floor: fork failed: ") + std::strerror(errno));
  }
  if (child == 0) {
    // Never outlive the parent, whatever happens to it.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(1);
    superstep::place_on_processor(1);
    for (int i = 0; i < samples * (rounds + 1); ++i) arrive_and_wait(*barrier);
    _exit(0);
  }
  // On two processors, as the engine places two processes: left to the
  // scheduler, the child often starts on its parent's processor and stays
  // there, and every barrier is then a context switch (17 us instead of 0.1).
  superstep::place_on_processor(0);
  std::vector<double> per_barrier;
  for (int s = 0; s < samples; ++s) {
    arrive_and_wait(*barrier);  // line up before timing
    const double t0 = now_seconds();
    for (int i = 0; i < rounds; ++i) arrive_and_wait(*barrier);
    per_barrier.push_back((now_seconds() - t0) / rounds);
  }
  int status = 0;
  waitpid(child, &status, 0);
  munmap(memory, sizeof(SharedBarrier));
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error("barrier floor: the partner process failed");
  return summarize(per_barrier);
}

}  // namespace bspprobe
