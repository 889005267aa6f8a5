// pid 0's side of a shared-memory run with workers: a thread that sleeps until
// the supervisor (process_tree.hpp) ends. It lets bsp_end and a stopped pid 0
// wait until every worker is gone, and it ends pid 0 when the run is stopped
// while pid 0's own thread is busy in the program's code (it would otherwise
// never look at the stop flag). Where the system refuses the thread, the
// run stops at once with one report.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <thread>

#include "engines/shm/control_block.hpp"

namespace superstep::shm {

class SupervisorWatch {
 public:
  SupervisorWatch(ControlBlock control, pid_t supervisor, int stop_fd);
  ~SupervisorWatch();
  SupervisorWatch(const SupervisorWatch&) = delete;
  SupervisorWatch& operator=(const SupervisorWatch&) = delete;

  // Called by pid 0's own thread in bsp_end or when it leaves a stopped run:
  // returns once the supervisor, and so every worker, has ended.
  void wait_for_supervisor();

 private:
  void watch();
  // The thread could not start (error: an errno value): stops the run with a
  // report, waits until the supervisor has ended, and exits with status 1.
  [[noreturn]] void stop_at_start(int error);
  bool supervisor_gone(bool pidfd_readable) const;

  ControlBlock control_;
  pid_t supervisor_;
  int supervisor_fd_;
  int stop_fd_;
  int leaving_fd_;
  std::atomic<bool> main_is_leaving_{false};
  std::thread watcher_;
};

}  // namespace superstep::shm
