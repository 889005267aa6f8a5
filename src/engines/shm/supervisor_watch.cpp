#include "engines/shm/supervisor_watch.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "engines/shm/pidfd.hpp"
#include "engines/shm/supervisor.hpp"
#include "util/running_thread.hpp"

namespace superstep::shm {

namespace {
// How long pid 0's own thread gets to notice a stop before this thread ends pid 0.
constexpr auto kGrace = std::chrono::milliseconds(300);
constexpr int kPollMillis = 20;  // without pidfds
}  // namespace

SupervisorWatch::SupervisorWatch(ControlBlock control, pid_t supervisor, int stop_fd)
    : control_(control),
      supervisor_(supervisor),
      supervisor_fd_(open_pidfd(supervisor)),
      stop_fd_(stop_fd),
      leaving_fd_(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {
  // Running before pid 0 returns to the program, which may fork at any moment
  // of its SPMD part (util/running_thread.hpp).
  int error = 0;
  watcher_ = start_running_thread([this] { watch(); }, &error);
  if (error != 0) stop_at_start(error);
}

void SupervisorWatch::stop_at_start(int error) {
  char line[200];
  std::snprintf(line, sizeof line,
                "superstep: error in bsp_begin: process 0 cannot start the thread that watches "
                "the other processes: %s",
                std::strerror(error));
  // Printed unless the supervisor reported a failure first (a process it
  // could not start): the run has one report.
  Supervisor::stop_run(control_, stop_fd_, line);
  // The workers stop (or are killed after a grace period), then the
  // supervisor ends: nothing of the run is left when this process exits.
  while (!process_ended(supervisor_)) usleep(kPollMillis * 1000);
  std::fflush(stdout);
  std::exit(1);
}

SupervisorWatch::~SupervisorWatch() {
  wait_for_supervisor();
  if (supervisor_fd_ >= 0) close(supervisor_fd_);
  if (leaving_fd_ >= 0) close(leaving_fd_);
}

void SupervisorWatch::wait_for_supervisor() {
  main_is_leaving_ = true;
  std::uint64_t one = 1;
  if (leaving_fd_ >= 0 && write(leaving_fd_, &one, sizeof one) < 0) {
    // Cannot overflow; the watcher also polls.
  }
  if (watcher_.joinable() && watcher_.get_id() != std::this_thread::get_id()) watcher_.join();
}

bool SupervisorWatch::supervisor_gone(bool pidfd_readable) const {
  if (supervisor_fd_ >= 0) return pidfd_readable;
  return process_ended(supervisor_);
}

void SupervisorWatch::watch() {
  ControlHeader& h = control_.header();
  bool readable = false;
  while (!supervisor_gone(readable)) {
    pollfd fds[3];
    nfds_t n = 0;
    int supervisor_slot = -1;
    if (supervisor_fd_ >= 0) {
      supervisor_slot = static_cast<int>(n);
      fds[n++] = {supervisor_fd_, POLLIN, 0};
    }
    if (leaving_fd_ >= 0 && !main_is_leaving_) fds[n++] = {leaving_fd_, POLLIN, 0};
    if (stop_fd_ >= 0 && !h.stop.load()) fds[n++] = {stop_fd_, POLLIN, 0};  // left unread
    poll(fds, n, supervisor_fd_ < 0 ? kPollMillis : -1);
    readable = supervisor_slot >= 0 && fds[supervisor_slot].revents != 0;
  }
  if (main_is_leaving_) return;
  // The supervisor ended while pid 0's thread is in the program's code.
  if (!h.stop.load()) {
    if (h.supervisor_done.load()) return;  // every worker ended normally: bsp_end is near
    char line[160];
    std::snprintf(line, sizeof line,
                  "superstep: the supervisor of processes 1..%d (OS pid %d) ended unexpectedly; "
                  "stopping all processes",
                  h.nprocs - 1, static_cast<int>(supervisor_));
    Supervisor::stop_run(control_, stop_fd_, line);
  }
  auto deadline = std::chrono::steady_clock::now() + kGrace;
  while (!main_is_leaving_ && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  if (!main_is_leaving_) {
    std::fflush(stdout);
    _exit(1);
  }
}

}  // namespace superstep::shm
