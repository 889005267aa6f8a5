#include "engines/shm/supervisor.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "engines/shm/barrier.hpp"

namespace superstep::shm {

namespace {
// How long processes get to notice a stop by themselves before they are killed.
constexpr auto kGrace = std::chrono::milliseconds(300);
// Without pidfds (Linux < 5.3) the watcher polls for exits this often.
constexpr int kPollMillis = 20;

int open_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
#else
  (void)pid;
  return -1;
#endif
}
}  // namespace

Supervisor::Supervisor(ControlBlock control, std::vector<pid_t> workers)
    : control_(control), workers_(std::move(workers)) {
  for (pid_t w : workers_) pidfds_.push_back(open_pidfd(w));
  alive_.assign(workers_.size(), true);
  wake_fd_ = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  watcher_ = std::thread([this] { watch(); });
}

Supervisor::~Supervisor() {
  if (watcher_.joinable()) {
    main_is_leaving_ = true;
    wake();
    watcher_.join();
  }
  for (int fd : pidfds_)
    if (fd >= 0) close(fd);
  if (wake_fd_ >= 0) close(wake_fd_);
}

void Supervisor::wake() {
  std::uint64_t one = 1;
  if (write(wake_fd_, &one, sizeof one) < 0) {
    // The eventfd counter cannot overflow here; nothing to do.
  }
}

void Supervisor::wait_for_workers() {
  main_is_leaving_ = true;
  wake();
  if (watcher_.joinable()) watcher_.join();
}

void Supervisor::stop_workers() { wait_for_workers(); }

void Supervisor::report_death(int q, int code, int status) {
  ControlHeader& h = control_.header();
  if (h.stop.load()) return;  // already stopping: this death is a consequence
  ProcessRecord& rec = control_.process(q);
  auto superstep = static_cast<unsigned long long>(rec.superstep.load());
  bool ended = rec.state.load() == kEnded;
  if (ended && code == CLD_EXITED && status == 0) return;  // a normal end
  std::string what;
  if (code == CLD_KILLED || code == CLD_DUMPED)
    what = "was killed by signal " + std::to_string(status) + " (" + strsignal(status) + ")";
  else
    what = "exited with status " + std::to_string(status);
  const char* when = ended                  ? " after bsp_end"
                     : (code == CLD_EXITED) ? " without calling bsp_end"
                                            : "";
  char line[512];
  std::snprintf(line, sizeof line,
                "superstep: process %d %s in superstep %llu%s; stopping all processes\n", q,
                what.c_str(), superstep, when);
  if (h.report_claimed.exchange(1) == 0) {
    std::fflush(stdout);
    std::fputs(line, stderr);
    std::fflush(stderr);
  }
  h.stop.store(1);
  Barrier::wake_all(&h.barrier);
}

void Supervisor::reap(std::size_t i) {
  siginfo_t info{};
  if (waitid(P_PID, static_cast<id_t>(workers_[i]), &info, WEXITED | WNOHANG) != 0) {
    if (errno == ECHILD) alive_[i] = false;  // reaped elsewhere (the program waited for it)
    return;
  }
  if (info.si_pid == 0) return;  // still running
  alive_[i] = false;
  report_death(static_cast<int>(i) + 1, info.si_code, info.si_status);
}

void Supervisor::kill_live() {
  for (std::size_t i = 0; i < workers_.size(); ++i)
    if (alive_[i]) kill(workers_[i], SIGKILL);
}

void Supervisor::watch() {
  using Clock = std::chrono::steady_clock;
  ControlHeader& h = control_.header();
  bool use_pidfds = !pidfds_.empty() && pidfds_[0] >= 0;
  Clock::time_point kill_at{};
  bool stop_seen = false;
  std::vector<pollfd> fds;
  for (;;) {
    std::size_t live = 0;
    for (bool a : alive_) live += a;
    if (live == 0) break;
    if (!stop_seen && h.stop.load()) {
      stop_seen = true;
      kill_at = Clock::now() + kGrace;
    }
    int timeout = use_pidfds ? -1 : kPollMillis;
    if (stop_seen) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(kill_at - Clock::now());
      if (left.count() <= 0) {
        kill_live();
        timeout = kPollMillis;
      } else {
        timeout =
            std::min<int>(timeout < 0 ? INT32_MAX : timeout, static_cast<int>(left.count()) + 1);
      }
    }
    fds.clear();
    fds.push_back({wake_fd_, POLLIN, 0});
    if (use_pidfds)
      for (std::size_t i = 0; i < workers_.size(); ++i)
        if (alive_[i]) fds.push_back({pidfds_[i], POLLIN, 0});
    poll(fds.data(), fds.size(), timeout);
    if (fds[0].revents) {
      std::uint64_t n;
      if (read(wake_fd_, &n, sizeof n) < 0) {
        // Spurious wake-up; the loop re-checks everything anyway.
      }
    }
    for (std::size_t i = 0; i < workers_.size(); ++i)
      if (alive_[i]) reap(i);
  }
  // Every worker is gone. If the program is being stopped while pid 0's main
  // thread is busy in user code, nobody else will end pid 0: do it here.
  if (h.stop.load() && !main_is_leaving_.load()) {
    auto deadline = Clock::now() + kGrace;
    while (!main_is_leaving_.load() && Clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (!main_is_leaving_.load()) {
      std::fflush(stdout);
      _exit(1);
    }
  }
}

}  // namespace superstep::shm
