#include "udp_spawn.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace bsprun {
namespace {

using Clock = std::chrono::steady_clock;

// A free UDP port on loopback for process 0 to listen on. Another program may
// take it before process 0 binds it; process 0 then says so and the run fails.
int free_port() {
  int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  int port = 0;
  if (fd >= 0 && bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
      getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
    port = ntohs(a.sin_port);
  if (fd >= 0) close(fd);
  return port;
}

// How long the others may take to notice and report a process that failed
// (the udp engine's silence timeout, plus time to print).
std::chrono::milliseconds report_grace() {
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

}  // namespace

int spawn_udp(int nprocs, char** argv) {
  int port = free_port();
  if (port == 0) {
    std::perror("bsprun: no free UDP port on loopback");
    return 1;
  }
  setenv("BSP_ENGINE", "udp", 1);
  setenv("BSP_UDP_SIZE", std::to_string(nprocs).c_str(), 1);
  setenv("BSP_UDP_RENDEZVOUS", ("127.0.0.1:" + std::to_string(port)).c_str(), 1);
  pid_t self = getpid();
  std::vector<pid_t> pids(nprocs, -1);
  for (int r = 0; r < nprocs; ++r) {
    pid_t pid = fork();
    if (pid < 0) {
      std::perror("bsprun: fork");
      for (int q = 0; q < r; ++q) kill(pids[q], SIGKILL);
      return 1;
    }
    if (pid == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
      if (getppid() != self) _exit(127);
      setenv("BSP_UDP_RANK", std::to_string(r).c_str(), 1);
      // Standard input is process 0's, as under mpirun.
      if (r > 0) {
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0) dup2(null, STDIN_FILENO);
      }
      execvp(argv[0], argv);
      if (r == 0)
        std::fprintf(stderr, "bsprun: cannot run '%s': %s\n", argv[0], std::strerror(errno));
      _exit(errno == ENOENT ? 127 : 126);
    }
    pids[r] = pid;
  }
  int left = nprocs;
  int status = 0;
  bool failed = false;
  Clock::time_point kill_at = Clock::time_point::max();
  while (left > 0) {
    int wait_status = 0;
    pid_t done = waitpid(-1, &wait_status, WNOHANG);
    if (done < 0 && errno != EINTR) break;
    if (done <= 0) {
      if (Clock::now() >= kill_at) {
        for (pid_t pid : pids)
          if (pid > 0) kill(pid, SIGKILL);
        kill_at = Clock::time_point::max();
      }
      usleep(2000);
      continue;
    }
    int r = 0;
    while (r < nprocs && pids[r] != done) ++r;
    if (r == nprocs) continue;
    pids[r] = -1;
    --left;
    int s = status_of(wait_status);
    if (s == 0) continue;
    if (r == 0 || !failed) status = s;
    if (!failed) failed = true;
    // Process 0 failing ends the job (it printed why); another's failure is
    // left to the engine to report first.
    auto deadline = r == 0 ? Clock::now() : Clock::now() + report_grace();
    if (deadline < kill_at) kill_at = deadline;
  }
  return status;
}

}  // namespace bsprun
