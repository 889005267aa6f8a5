// A file descriptor that becomes readable when a process ends (Linux >= 5.3;
// any process may open one for any other).
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

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

// Without pidfds (old kernels, valgrind): whether the process has ended. A
// zombie has ended too; it may wait long to be reaped when its parent is a
// subreaper that reaps only at the end, and kill(pid, 0) still succeeds then.
inline bool process_ended(pid_t pid) {
  if (kill(pid, 0) != 0) return errno == ESRCH;
  char path[32];
  std::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(pid));
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return true;
  char text[512];
  ssize_t n = read(fd, text, sizeof text - 1);
  close(fd);
  if (n <= 0) return true;
  text[n] = '\0';
  const char* after_name = std::strrchr(text, ')');  // the name may hold spaces and parentheses
  return after_name && (after_name[2] == 'Z' || after_name[2] == 'X');
}

}  // namespace superstep::shm
