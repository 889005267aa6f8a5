// Signals turned into bytes on a pipe, so bsprun's poll loop sees them with
// everything else it waits for (the self-pipe trick).
#pragma once

#include <vector>

namespace bsprun {

class SignalPipe {
 public:
  // Catches SIGCHLD and the signals bsprun passes on to the program
  // (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2), and ignores
  // SIGPIPE: a closed stdout (bsprun --tag-output ... | head) must not kill
  // bsprun before it has cleaned up.
  SignalPipe();
  ~SignalPipe();
  SignalPipe(const SignalPipe&) = delete;
  SignalPipe& operator=(const SignalPipe&) = delete;

  int fd() const { return read_fd_; }
  // The signals that arrived since the last call, in order; never blocks.
  std::vector<int> take();
  // Puts the dispositions back as they were (for the child before exec).
  static void restore_defaults();

 private:
  int read_fd_ = -1;
};

}  // namespace bsprun
