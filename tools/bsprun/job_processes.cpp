#include "job_processes.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "rank_list.hpp"

namespace bsprun {
namespace {

using Clock = std::chrono::steady_clock;

// After a session's remote shell ended, its output may still be in the pipes:
// read it this long at most (what the remote side's own children still hold
// open is not waited for).
constexpr auto kDrain = std::chrono::milliseconds(200);

// When process 0 failed, the others are killed after this: time for those
// ending on their own to finish (their exit handlers, a sanitizer's leak check
// at exit, whose tracer a kill in the middle of it makes print "Unable to get
// registers from thread"), and less than the 2 s that a process that found an
// error outside bsp_begin..bsp_end waits for process 0's end to end the job
// before it reports the error too (engines/engine_select.cpp).
constexpr Clock::duration kAfterProcess0 = std::chrono::seconds(1);

// How long the others may take to notice and report a process that failed
// (the udp engine's silence timeout, plus time to print).
Clock::duration report_grace() {
  double timeout = 2.0;
  if (const char* t = std::getenv("BSP_UDP_TIMEOUT"); t && *t) timeout = std::atof(t);
  if (!(timeout > 0) || timeout > 3600) timeout = 2.0;
  return std::chrono::milliseconds(static_cast<long>(timeout * 1000) + 1500);
}

int status_of(int wait_status) {
  if (WIFEXITED(wait_status)) return WEXITSTATUS(wait_status);
  if (WIFSIGNALED(wait_status)) return 128 + WTERMSIG(wait_status);
  return 1;
}

// In a child: die with the launcher, and give up if it is gone already.
void tie_to(pid_t parent) {
  prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  if (getppid() != parent) _exit(127);
}

void empty_stdin() {
  int null = open("/dev/null", O_RDONLY);
  if (null >= 0) dup2(null, STDIN_FILENO);
}

void write_all(int fd, const char* data, ssize_t size) {
  while (size > 0) {
    ssize_t n = write(fd, data, static_cast<std::size_t>(size));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    data += n;
    size -= n;
  }
}

}  // namespace

JobProcesses::JobProcesses() : self_(getpid()) {}

bool JobProcesses::start_rank(int rank, char** program, int socket_fd) {
  pid_t pid = fork();
  if (pid < 0) {
    std::perror("bsprun: fork");
    return false;
  }
  if (pid == 0) {
    tie_to(self_);
    setenv("BSP_UDP_RANK", std::to_string(rank).c_str(), 1);
    if (socket_fd >= 0 && fcntl(socket_fd, F_SETFD, 0) == 0)  // kept open across exec, here only
      setenv("BSP_UDP_SOCKET_FD", std::to_string(socket_fd).c_str(), 1);
    if (rank > 0) empty_stdin();  // standard input is process 0's, as under mpirun
    execvp(program[0], program);
    if (rank == 0)
      std::fprintf(stderr, "bsprun: cannot run '%s': %s\n", program[0], std::strerror(errno));
    _exit(errno == ENOENT ? 127 : 126);
  }
  members_.push_back({pid, {rank}, "", {-1, -1}, true, {}});
  return true;
}

bool JobProcesses::start_session(const std::vector<std::string>& command, const std::string& host,
                                 const std::vector<int>& ranks) {
  int out[2], err[2];
  if (pipe2(out, O_CLOEXEC) != 0) return std::perror("bsprun: pipe"), false;
  if (pipe2(err, O_CLOEXEC) != 0) {
    close(out[0]);
    close(out[1]);
    return std::perror("bsprun: pipe"), false;
  }
  pid_t pid = fork();
  if (pid == 0) {
    tie_to(self_);
    dup2(out[1], STDOUT_FILENO);
    dup2(err[1], STDERR_FILENO);
    if (std::find(ranks.begin(), ranks.end(), 0) == ranks.end()) empty_stdin();
    std::vector<char*> argv;
    for (const std::string& word : command) argv.push_back(const_cast<char*>(word.c_str()));
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    std::fprintf(stderr, "bsprun: cannot run the remote shell '%s': %s\n", argv[0],
                 std::strerror(errno));
    _exit(errno == ENOENT ? 127 : 126);
  }
  close(out[1]);
  close(err[1]);
  if (pid < 0) {
    std::perror("bsprun: fork");
    close(out[0]);
    close(err[0]);
    return false;
  }
  members_.push_back({pid, ranks, host, {out[0], err[0]}, true, {}});
  return true;
}

void JobProcesses::kill_all() {
  for (const Member& m : members_)
    if (m.running) kill(m.pid, SIGKILL);
}

void JobProcesses::close_relays(Member& m) {
  for (int& fd : m.relay) {
    if (fd >= 0) close(fd);
    fd = -1;
  }
}

void JobProcesses::relay_output(std::vector<pollfd>& fds) {
  char buffer[65536];
  for (const pollfd& p : fds) {
    if (p.revents == 0) continue;
    for (Member& m : members_) {
      for (int stream = 0; stream < 2; ++stream) {
        if (m.relay[stream] != p.fd) continue;
        ssize_t n = read(p.fd, buffer, sizeof buffer);
        if (n > 0)
          write_all(stream == 0 ? STDOUT_FILENO : STDERR_FILENO, buffer, n);
        else if (n == 0 || errno != EINTR)
          close(m.relay[stream]), m.relay[stream] = -1;
      }
    }
  }
}

// Reaps what ended; a failure sets the job's status and when to kill the rest.
void JobProcesses::reap(int& status, bool& failed, Clock::time_point& kill_at) {
  int wait_status = 0;
  pid_t done;
  while ((done = waitpid(-1, &wait_status, WNOHANG)) > 0) {
    auto m = std::find_if(members_.begin(), members_.end(),
                          [&](const Member& x) { return x.pid == done && x.running; });
    if (m == members_.end()) continue;
    m->running = false;
    m->ended = Clock::now();
    int s = status_of(wait_status);
    if (s == 0) continue;
    if (s == 255 && !m->host.empty())
      std::fprintf(stderr, "bsprun: the remote shell to %s (processes %s) failed\n",
                   m->host.c_str(), format_ranks(m->ranks).c_str());
    bool has_rank0 = std::find(m->ranks.begin(), m->ranks.end(), 0) != m->ranks.end();
    if (has_rank0 || !failed) status = s;
    failed = true;
    // Process 0 failing ends the job (it printed why); another's failure is
    // left to the engine to report first. A remote shell session that ran
    // process 0 gave the others there their time already.
    auto wait = !has_rank0 ? report_grace() : m->host.empty() ? kAfterProcess0 : Clock::duration{};
    kill_at = std::min(kill_at, Clock::now() + wait);
  }
}

int JobProcesses::wait(bool watch_session) {
  int status = 0;
  bool failed = false;
  bool hung_up = false;
  auto kill_at = Clock::time_point::max();
  for (;;) {
    std::vector<pollfd> fds;
    for (const Member& m : members_)
      for (int fd : m.relay)
        if (fd >= 0) fds.push_back({fd, POLLIN, 0});
    std::size_t relays = fds.size();
    if (watch_session && !hung_up) {
      fds.push_back({STDOUT_FILENO, 0, 0});
      fds.push_back({STDERR_FILENO, 0, 0});
    }
    bool running =
        std::any_of(members_.begin(), members_.end(), [](const Member& m) { return m.running; });
    if (!running && relays == 0) break;
    int ready = poll(fds.data(), fds.size(), 5);
    if (ready > 0) {
      for (std::size_t i = relays; i < fds.size(); ++i)
        if (fds[i].revents & (POLLERR | POLLHUP)) hung_up = true;
      fds.resize(relays);
      relay_output(fds);
      if (hung_up) kill_all();  // nobody reads our status any more
    }
    reap(status, failed, kill_at);
    auto now = Clock::now();
    for (Member& m : members_)
      if (!m.running && now - m.ended > kDrain) close_relays(m);
    if (now >= kill_at) {
      kill_all();
      kill_at = Clock::time_point::max();
    }
  }
  return status;
}

}  // namespace bsprun
