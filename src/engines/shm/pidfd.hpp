// A file descriptor that becomes readable when a process ends (Linux >= 5.3;
// any process may open one for any other).
#pragma once

#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

namespace superstep::shm {

// -1 where the kernel has no pidfds or the process is gone.
inline int open_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
#else
  (void)pid;
  return -1;
#endif
}

}  // namespace superstep::shm
