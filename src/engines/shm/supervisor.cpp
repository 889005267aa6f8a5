#include "engines/shm/supervisor.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "engines/shm/barrier.hpp"
#include "engines/shm/pidfd.hpp"

namespace superstep::shm {

namespace {
// How long processes get to notice a stop by themselves before they are killed.
constexpr auto kGrace = std::chrono::milliseconds(300);
// Without pidfds (Linux < 5.3) or a signalfd, the supervisor polls this often.
constexpr int kPollMillis = 20;
// How long a worker's death by a signal is held back to see whether the same
// signal ends pid 0 too.
constexpr int kGroupSignalWindowMillis = 100;
}  // namespace

Supervisor::Supervisor(ControlBlock control, std::vector<pid_t> workers, pid_t pid0, int stop_fd,
                       int child_fd)
    : control_(control),
      workers_(std::move(workers)),
      alive_(workers_.size(), true),
      live_(workers_.size()),
      pid0_(pid0),
      pid0_fd_(open_pidfd(pid0)),
      stop_fd_(stop_fd),
      child_fd_(child_fd) {}

void Supervisor::stop_run(ControlBlock control, int stop_fd, const char* line) {
  ControlHeader& h = control.header();
  if (line && h.report_claimed.exchange(1) == 0) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", line);
    std::fflush(stderr);
  }
  h.stop.store(1);
  // Every wait names the word it sleeps on (waiting.hpp), the barrier's too.
  for (int q = 0; q < h.nprocs; ++q) Waiting::wake_all_at(control.process(q).asleep_on.load());
  std::uint64_t one = 1;
  if (stop_fd >= 0 && write(stop_fd, &one, sizeof one) < 0) {
    // The eventfd counter cannot overflow with one write per stop.
  }
}

void Supervisor::report_death(int q, int code, int status) {
  ControlHeader& h = control_.header();
  if (h.stop.load()) return;  // already stopping: this death is a consequence
  ProcessRecord& rec = control_.process(q);
  auto superstep = static_cast<unsigned long long>(rec.superstep.load());
  bool ended = rec.state.load() == kEnded;
  if (ended && code == CLD_EXITED && status == 0) return;  // a normal end
  bool killed = code == CLD_KILLED || code == CLD_DUMPED;
  // A signal sent to the whole program (Ctrl-C, a launcher's SIGTERM to the
  // process group) ends pid 0 too: its exit status tells, and the workers it
  // reached are no fault to report.
  if (killed && pid0_ends_within(kGroupSignalWindowMillis)) {
    stop_run(control_, stop_fd_, nullptr);
    return;
  }
  std::string what;
  if (killed)
    what = "was killed by signal " + std::to_string(status) + " (" + strsignal(status) + ")";
  else
    what = "exited with status " + std::to_string(status);
  const char* when = ended                  ? " after bsp_end"
                     : (code == CLD_EXITED) ? " without calling bsp_end"
                                            : "";
  char line[512];
  std::snprintf(line, sizeof line,
                "superstep: process %d %s in superstep %llu%s; stopping all processes", q,
                what.c_str(), superstep, when);
  stop_run(control_, stop_fd_, line);
}

// The workers are this process's only children, so one waitid over all of
// them finds each ended one: no per-worker system call at each wake-up.
void Supervisor::reap_ended() {
  for (;;) {
    siginfo_t info{};
    if (waitid(P_ALL, 0, &info, WEXITED | WNOHANG) != 0 || info.si_pid == 0) return;
    auto it = std::find(workers_.begin(), workers_.end(), info.si_pid);
    if (it == workers_.end()) continue;
    auto i = static_cast<std::size_t>(it - workers_.begin());
    alive_[i] = false;
    --live_;
    report_death(static_cast<int>(i) + 1, info.si_code, info.si_status);
  }
}

void Supervisor::kill_live() {
  for (std::size_t i = 0; i < workers_.size(); ++i)
    if (alive_[i]) kill(workers_[i], SIGKILL);
}

bool Supervisor::pid0_ends_within(int millis) {
  if (pid0_fd_ >= 0) {
    pollfd fd{pid0_fd_, POLLIN, 0};
    return poll(&fd, 1, millis) > 0;
  }
  for (int waited = 0;; waited += 5) {
    if (process_ended(pid0_)) return true;
    if (waited >= millis) return false;
    usleep(5000);
  }
}

bool Supervisor::pid0_gone(bool pidfd_readable) {
  if (pid0_fd_ >= 0) return pidfd_readable;
  return process_ended(pid0_);
}

void Supervisor::run() {
  using Clock = std::chrono::steady_clock;
  ControlHeader& h = control_.header();
  bool stop_seen = false, pid0_ended = false;
  Clock::time_point kill_at{};
  bool pid0_readable = false;
  for (;;) {
    reap_ended();
    if (live_ == 0) break;
    if (!stop_seen && h.stop.load()) {
      stop_seen = true;
      kill_at = Clock::now() + kGrace;
    }
    // pid 0 killed: the workers die with it, silently (the program's exit status says
    // what happened; pid 0 is the program the user started).
    if (!pid0_ended && pid0_gone(pid0_readable)) {
      pid0_ended = true;
      stop_run(control_, -1, nullptr);
      kill_live();
    }
    int timeout = (pid0_fd_ >= 0 && child_fd_ >= 0) ? -1 : kPollMillis;
    if (stop_seen) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(kill_at - Clock::now());
      if (left.count() <= 0) {
        kill_live();
        timeout = kPollMillis;
      } else {
        timeout = timeout < 0 ? static_cast<int>(left.count()) + 1
                              : std::min(timeout, static_cast<int>(left.count()) + 1);
      }
    }
    pollfd fds[3];
    nfds_t n = 0;
    if (child_fd_ >= 0) fds[n++] = {child_fd_, POLLIN, 0};
    int pid0_slot = -1;
    if (pid0_fd_ >= 0 && !pid0_ended) {
      pid0_slot = static_cast<int>(n);
      fds[n++] = {pid0_fd_, POLLIN, 0};
    }
    if (!stop_seen && stop_fd_ >= 0) fds[n++] = {stop_fd_, POLLIN, 0};  // not read: others watch it
    poll(fds, n, timeout);
    pid0_readable = pid0_slot >= 0 && fds[pid0_slot].revents != 0;
    if (child_fd_ >= 0) {
      signalfd_siginfo info;
      while (read(child_fd_, &info, sizeof info) > 0) {
      }
    }
  }
  if (!h.stop.load()) h.supervisor_done.store(1);
}

}  // namespace superstep::shm
