#include "engines/udp/thread_end.hpp"

#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>

namespace superstep::udp {

pid_t current_thread_id() { return static_cast<pid_t>(syscall(SYS_gettid)); }

void join_until_gone(std::thread& thread, const pid_t& tid) {
  thread.join();
  if (tid <= 0) return;
  const auto limit = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  // Signal 0 checks that the thread exists; ESRCH once the kernel released it.
  for (int spin = 0; syscall(SYS_tgkill, getpid(), tid, 0) == 0 || errno != ESRCH; ++spin) {
    if (std::chrono::steady_clock::now() >= limit) return;
    if (spin < 100)
      sched_yield();
    else
      usleep(100);
  }
}

}  // namespace superstep::udp
