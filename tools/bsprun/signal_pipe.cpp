#include "signal_pipe.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <system_error>

namespace bsprun {
namespace {

constexpr int kSignals[] = {SIGCHLD, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2};
int g_write_fd = -1;

extern "C" void on_signal(int signo) {
  int saved = errno;
  unsigned char byte = static_cast<unsigned char>(signo);
  // If the pipe is full, bsprun has plenty of wake-ups queued already.
  [[maybe_unused]] ssize_t n = ::write(g_write_fd, &byte, 1);
  errno = saved;
}

}  // namespace

SignalPipe::SignalPipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) {
    throw std::system_error(errno, std::generic_category(), "pipe");
  }
  read_fd_ = fds[0];
  g_write_fd = fds[1];
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART | SA_NOCLDSTOP;
  for (int signo : kSignals) ::sigaction(signo, &action, nullptr);
  ::signal(SIGPIPE, SIG_IGN);
}

SignalPipe::~SignalPipe() {
  restore_defaults();
  ::close(read_fd_);
  ::close(g_write_fd);
  g_write_fd = -1;
}

void SignalPipe::restore_defaults() {
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  for (int signo : kSignals) ::sigaction(signo, &action, nullptr);
  ::signal(SIGPIPE, SIG_DFL);  // an ignored signal would stay ignored across exec
}

std::vector<int> SignalPipe::take() {
  std::vector<int> signals;
  unsigned char buffer[64];
  for (;;) {
    ssize_t n = ::read(read_fd_, buffer, sizeof buffer);
    if (n <= 0) break;
    signals.insert(signals.end(), buffer, buffer + n);
  }
  return signals;
}

}  // namespace bsprun
