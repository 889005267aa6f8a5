#include "program_process.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>

namespace bsprun {
namespace {

bool in_terminal_foreground() {
  return ::isatty(STDIN_FILENO) && ::tcgetpgrp(STDIN_FILENO) == ::getpgrp();
}

// tcsetpgrp from a background group raises SIGTTOU unless it is blocked.
void set_terminal_group(pid_t group) {
  sigset_t block, saved;
  sigemptyset(&block);
  sigaddset(&block, SIGTTOU);
  ::sigprocmask(SIG_BLOCK, &block, &saved);
  ::tcsetpgrp(STDIN_FILENO, group);
  ::sigprocmask(SIG_SETMASK, &saved, nullptr);
}

[[noreturn]] void run_child(const ProgramSpec& spec, pid_t bsprun, bool take_terminal, int error_fd,
                            void (*before_exec)()) {
  // Nothing may outlive bsprun, however it ends. The signal survives exec; the
  // workers bsp_begin creates die with this process, their pid 0.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  if (::getppid() != bsprun) ::_exit(127);  // bsprun died before the line above
  ::setpgid(0, 0);
  if (take_terminal) set_terminal_group(::getpid());
  if (spec.stdout_fd >= 0) ::dup2(spec.stdout_fd, STDOUT_FILENO);
  if (spec.stderr_fd >= 0) ::dup2(spec.stderr_fd, STDERR_FILENO);
  if (spec.inherit_fd >= 0) ::fcntl(spec.inherit_fd, F_SETFD, 0);
  for (const auto& [name, value] : spec.environment) ::setenv(name.c_str(), value.c_str(), 1);
  if (before_exec != nullptr) before_exec();
  std::vector<char*> argv;
  for (const std::string& arg : spec.command) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  ::execvp(argv[0], argv.data());
  int error = errno;
  [[maybe_unused]] ssize_t n = ::write(error_fd, &error, sizeof error);
  ::_exit(127);
}

}  // namespace

std::optional<ProgramProcess> ProgramProcess::start(const ProgramSpec& spec, void (*before_exec)(),
                                                    int& error) {
  // The child reports a failed exec through this pipe; a successful exec
  // closes it (O_CLOEXEC), which the parent sees as end of file.
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) {
    error = errno;
    return std::nullopt;
  }
  bool take_terminal = in_terminal_foreground();
  pid_t bsprun = ::getpid();
  pid_t pid = ::fork();
  if (pid < 0) {
    error = errno;
    ::close(report[0]);
    ::close(report[1]);
    return std::nullopt;
  }
  if (pid == 0) {
    ::close(report[0]);
    run_child(spec, bsprun, take_terminal, report[1], before_exec);
  }
  ::close(report[1]);
  // Also here, so the group exists whichever process runs first (fails
  // harmlessly once the child has exec'd).
  ::setpgid(pid, pid);
  if (take_terminal) set_terminal_group(pid);
  ProgramProcess program(pid, take_terminal);

  int exec_error = 0;
  ssize_t n;
  do {
    n = ::read(report[0], &exec_error, sizeof exec_error);
  } while (n < 0 && errno == EINTR);
  ::close(report[0]);
  if (n == static_cast<ssize_t>(sizeof exec_error)) {
    int status;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    program.status_ = status;
    error = exec_error;
    return std::nullopt;
  }
  return program;
}

ProgramProcess::ProgramProcess(ProgramProcess&& other) noexcept
    : pid_(other.pid_), owns_terminal_(other.owns_terminal_), status_(other.status_) {
  other.owns_terminal_ = false;
}

ProgramProcess::~ProgramProcess() { give_terminal_back(); }

void ProgramProcess::give_terminal_back() {
  if (owns_terminal_) set_terminal_group(::getpgrp());
  owns_terminal_ = false;
}

void ProgramProcess::signal_group(int signo) const { ::kill(-pid_, signo); }

std::optional<int> ProgramProcess::poll_exit() {
  if (!status_) {
    int status;
    pid_t done;
    do {
      done = ::waitpid(pid_, &status, WNOHANG);
    } while (done < 0 && errno == EINTR);
    if (done == pid_) {
      status_ = status;
      give_terminal_back();
    }
  }
  return status_;
}

}  // namespace bsprun
