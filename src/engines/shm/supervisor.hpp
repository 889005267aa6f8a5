// The supervisor of a shared-memory run (see process_tree.hpp for where it
// sits): a process of its own, the parent of processes 1..p-1. It reaps them,
// reports the first one that dies or exits without bsp_end (naming it, the
// signal or status and the superstep), kills those that do not stop by
// themselves within a grace period once the run is stopped, and kills them
// all at once if pid 0 dies. It ends when every worker has ended.
#pragma once

#include <sys/types.h>

#include <vector>

#include "engines/shm/control_block.hpp"

namespace superstep::shm {

class Supervisor {
 public:
  // workers[i] is the OS pid of process i + 1; child_fd is a signalfd for
  // SIGCHLD (or -1: then it polls).
  Supervisor(ControlBlock control, std::vector<pid_t> workers, pid_t pid0, int stop_fd,
             int child_fd);

  // Watches until every worker has been reaped.
  void run();

  // Prints `line` unless somebody already reported, and stops the run:
  // every process sees the stop flag, sleepers in the barrier wake, and
  // whoever watches stop_fd wakes. Any process of the run may call it.
  static void stop_run(ControlBlock control, int stop_fd, const char* line);

 private:
  void reap_ended();
  void report_death(int q, int code, int status);
  void kill_live();
  bool pid0_gone(bool pidfd_readable);
  bool pid0_ends_within(int millis);

  ControlBlock control_;
  std::vector<pid_t> workers_;
  std::vector<bool> alive_;
  std::size_t live_ = 0;
  pid_t pid0_;
  int pid0_fd_ = -1;
  int stop_fd_;
  int child_fd_;
};

}  // namespace superstep::shm
