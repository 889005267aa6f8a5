#include "engines/shm/process_tree.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "engines/shm/supervisor.hpp"

namespace superstep::shm {

namespace {

// Signals a terminal or a launcher sends to the whole process group. The
// supervisor ignores them: it lives exactly as long as pid 0 and the workers
// need it, whatever the program does with these signals.
constexpr int kGroupSignals[] = {SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE};

// What the program had set up, restored in every worker.
struct ProgramSignals {
  sigset_t mask;
  struct sigaction child;
  struct sigaction group[std::size(kGroupSignals)];
};

[[noreturn]] void fail_in_pid0(const char* what, int err) {
  std::fprintf(stderr, "superstep: error in bsp_begin: %s: %s\n", what, std::strerror(err));
  std::exit(1);
}

void restore_program_signals(const ProgramSignals& program) {
  sigaction(SIGCHLD, &program.child, nullptr);
  for (std::size_t i = 0; i < std::size(kGroupSignals); ++i)
    sigaction(kGroupSignals[i], &program.group[i], nullptr);
  pthread_sigmask(SIG_SETMASK, &program.mask, nullptr);
}

// Closes the descriptors first..last (those that are open).
void close_from_to(int first, int last) {
  if (first > last) return;
#ifdef SYS_close_range
  if (syscall(SYS_close_range, static_cast<unsigned>(first), static_cast<unsigned>(last), 0) == 0)
    return;
#endif
  long max_fd = sysconf(_SC_OPEN_MAX);
  if (max_fd < 0 || max_fd > 65536) max_fd = 65536;
  for (int fd = first; fd <= last && fd < max_fd; ++fd) close(fd);
}

// The supervisor keeps stderr (for its reports) and the descriptors it
// watches; everything else the program had open is closed, so that a pipe the
// program closes reaches end-of-file when the program expects it to.
void close_program_descriptors(int keep_a, int keep_b) {
  int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null_fd >= 0) {
    dup2(null_fd, STDIN_FILENO);
    dup2(null_fd, STDOUT_FILENO);
    if (null_fd > STDERR_FILENO) close(null_fd);
  }
  int low = std::min(keep_a, keep_b), high = std::max(keep_a, keep_b);
  close_from_to(STDERR_FILENO + 1, low - 1);
  close_from_to(low + 1, high - 1);
  close_from_to(high + 1, INT32_MAX);
}

// Runs in the supervisor: forks processes 1..p-1, then watches them until
// they have all ended. Returns only in a worker, with its BSP pid.
int supervise(ControlBlock control, int nprocs, int stop_fd, pid_t pid0,
              const ProgramSignals& program) {
  prctl(PR_SET_NAME, "bsp-supervisor", 0, 0, 0);
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  for (int sig : kGroupSignals) sigaction(sig, &ignore, nullptr);
  // SIGCHLD stays blocked (it was blocked before the fork) and is read from a signalfd.
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigaction(SIGCHLD, &dfl, nullptr);
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  int child_fd = signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK);

  pid_t self = getpid();
  std::vector<pid_t> workers;
  for (int q = 1; q < nprocs; ++q) {
    pid_t child = fork();
    if (child == 0) {
      // A worker dies with the supervisor, however it ends.
      prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
      if (getppid() != self) _exit(1);
      if (child_fd >= 0) close(child_fd);
      restore_program_signals(program);
      control.process(q).os_pid = getpid();
      control.process(q).state = kRunning;
      return q;
    }
    if (child < 0) {
      int err = errno;
      char line[160];
      std::snprintf(line, sizeof line,
                    "superstep: error in bsp_begin: cannot start process %d of %d: %s", q, nprocs,
                    std::strerror(err));
      Supervisor::stop_run(control, stop_fd, line);
      break;
    }
    // Only the worker writes its state: it may have reached bsp_end already.
    control.process(q).os_pid = child;
    workers.push_back(child);
  }
  close_program_descriptors(stop_fd, child_fd);
  Supervisor(control, std::move(workers), pid0, stop_fd, child_fd).run();
  _exit(0);
}

bool child_signal_pending() {
  sigset_t pending;
  sigpending(&pending);
  return sigismember(&pending, SIGCHLD) == 1;
}

// Whether a child of this process other than those already reaped has ended
// and waits to be reaped (its SIGCHLD must then stay pending for the program).
bool program_child_waiting() {
  siginfo_t info{};
  return waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid != 0;
}

}  // namespace

int start_processes(ControlBlock control, int nprocs, int stop_fd) {
  ProgramSignals program{};
  sigaction(SIGCHLD, nullptr, &program.child);
  for (std::size_t i = 0; i < std::size(kGroupSignals); ++i)
    sigaction(kGroupSignals[i], nullptr, &program.group[i]);
  // SIGCHLD is blocked while the intermediate lives, so that its exit does not
  // reach a handler of the program's.
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  pthread_sigmask(SIG_BLOCK, &chld, &program.mask);
  bool was_pending = child_signal_pending();

  pid_t pid0 = getpid();
  control.process(0).os_pid = pid0;
  control.process(0).state = kRunning;
  pid_t intermediate = fork();
  if (intermediate == 0) {
    pid_t supervisor = fork();
    if (supervisor == 0) return supervise(control, nprocs, stop_fd, pid0, program);
    control.header().supervisor_pid = supervisor < 0 ? -errno : supervisor;
    _exit(0);
  }
  if (intermediate < 0) fail_in_pid0("cannot start the supervisor of the processes", errno);
  int status = 0;
  while (waitpid(intermediate, &status, 0) < 0 && errno == EINTR) {
  }
  if (!was_pending && !program_child_waiting()) {
    timespec now{0, 0};
    sigtimedwait(&chld, nullptr, &now);  // the intermediate's SIGCHLD, not the program's
  }
  pthread_sigmask(SIG_SETMASK, &program.mask, nullptr);
  int supervisor = control.header().supervisor_pid.load();
  if (supervisor <= 0)
    fail_in_pid0("cannot start the supervisor of the processes", supervisor < 0 ? -supervisor : 0);
  return 0;
}

}  // namespace superstep::shm
