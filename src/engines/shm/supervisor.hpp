// Watches the worker processes from pid 0 (a thread that sleeps in poll() on
// one pidfd per worker), so that a worker that dies or vanishes stops the
// whole program with a message that names it, and so that no worker is left
// running or unreaped however the program ends.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <thread>
#include <vector>

#include "engines/shm/control_block.hpp"

namespace superstep::shm {

class Supervisor {
 public:
  Supervisor(ControlBlock control, std::vector<pid_t> workers);
  ~Supervisor();

  // bsp_end on pid 0: waits until every worker has exited.
  void wait_for_workers();
  // The program is being stopped: gives workers a moment to notice, kills
  // the ones that did not, and reaps them all.
  void stop_workers();

 private:
  void watch();
  void reap(std::size_t i);
  void report_death(int q, int code, int status);
  void kill_live();
  void wake();

  ControlBlock control_;
  std::vector<pid_t> workers_;  // workers_[i] is process i + 1
  std::vector<int> pidfds_;
  std::vector<bool> alive_;
  int wake_fd_ = -1;
  std::atomic<bool> main_is_leaving_{false};
  std::thread watcher_;
};

}  // namespace superstep::shm
