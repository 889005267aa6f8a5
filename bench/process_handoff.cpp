// What it costs to hand one processor from one process to another: two
// processes bound to the same processor take turns through a shared word,
// each waiting for its turn with sched_yield (what a superstep's waiters do
// when processes outnumber processors, engines/shm/waiting.cpp). With more
// processes than processors every barrier hands each processor over at least
// once (all its processes must arrive, and only one runs at a time), whatever
// the library: at p = 4 on two processors a superstep that ends in a hold
// barrier (bsp_hpput, bsp_hpget) passes two barriers, so each processor hands
// over at least twice, and the bulk rows of bench/compare.sh at p = 4 carry
// those handoffs on top of their memcpy floor. Also printed: a system call
// that does nothing (getppid), for scale.
// Usage: bench_process_handoff [handoffs]   (default 100000)
#include <sched.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace {
double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Binds the caller to the first processor it may use; false where it cannot.
bool bind_to_first_processor() {
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return false;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &allowed)) continue;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    return sched_setaffinity(0, sizeof one, &one) == 0;
  }
  return false;
}
}  // namespace

int main(int argc, char** argv) {
  long handoffs = argc > 1 ? std::atol(argv[1]) : 100000;
  if (handoffs < 2) {
    std::fprintf(stderr, "bench_process_handoff: handoffs must be at least 2\n");
    return 2;
  }
  if (!bind_to_first_processor()) {
    std::fprintf(stderr, "bench_process_handoff: cannot bind to a processor\n");
    return 1;
  }
  auto* turn = static_cast<std::atomic<long>*>(mmap(nullptr, sizeof(std::atomic<long>),
                                                    PROT_READ | PROT_WRITE,
                                                    MAP_SHARED | MAP_ANONYMOUS, -1, 0));
  if (turn == MAP_FAILED) return 1;
  turn->store(0);
  pid_t other = fork();
  if (other < 0) return 1;
  const long mine = other == 0 ? 1 : 0;  // the child takes the odd turns
  double t0 = now();
  for (long t = mine; t < handoffs; t += 2) {
    while (turn->load(std::memory_order_acquire) != t) sched_yield();
    turn->store(t + 1, std::memory_order_release);
  }
  double seconds = now() - t0;
  if (other == 0) _exit(0);
  int status = 0;
  waitpid(other, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return 1;

  const int calls = 100000;
  double c0 = now();
  for (int i = 0; i < calls; ++i) syscall(SYS_getppid);
  double syscall_seconds = (now() - c0) / calls;
  std::printf(
      "one processor handed between two processes (sched_yield, %ld handoffs): %.2f us a "
      "handoff; a system call that does nothing: %.2f us\n",
      handoffs, seconds / static_cast<double>(handoffs) * 1e6, syscall_seconds * 1e6);
  return 0;
}
