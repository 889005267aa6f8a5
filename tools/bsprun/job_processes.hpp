// The processes a udp job's launcher waits for: ranks it started on this host
// and remote-shell sessions that run the others (their output relayed to
// ours), and how the job ends: every process ends by itself, or one fails and
// the others get the engine's time to report it before they are killed (one
// second when process 0 failed: it printed why).
#pragma once

#include <poll.h>
#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

namespace bsprun {

class JobProcesses {
 public:
  JobProcesses();
  JobProcesses(const JobProcesses&) = delete;
  JobProcesses& operator=(const JobProcesses&) = delete;

  // Starts process `rank` here: `program` with BSP_UDP_RANK=rank; standard
  // input is process 0's only. socket_fd (>= 0): a socket this process
  // inherits, named in BSP_UDP_SOCKET_FD (process 0's rendezvous socket). False
  // (after printing why) when fork fails.
  bool start_rank(int rank, char** program, int socket_fd = -1);

  // Starts `command`, a remote shell that runs `ranks` on `host`; its standard
  // input is ours when it runs process 0, else empty.
  bool start_session(const std::vector<std::string>& command, const std::string& host,
                     const std::vector<int>& ranks);

  // Waits until every process has ended and returns the job's status: process
  // 0's when it failed, else the first failure, else 0. With `watch_session`,
  // also ends (killing every process) when our standard output or error is
  // hung up: the remote shell session that started us has closed.
  int wait(bool watch_session);

  // Kills every process started so far.
  void kill_all();

 private:
  struct Member {
    pid_t pid = -1;
    std::vector<int> ranks;
    std::string host;         // empty for a process of this host
    int relay[2] = {-1, -1};  // the session's stdout and stderr, read here
    bool running = true;
    std::chrono::steady_clock::time_point ended;
  };
  void relay_output(std::vector<pollfd>& fds);
  void close_relays(Member& m);
  void reap(int& status, bool& failed, std::chrono::steady_clock::time_point& kill_at);

  std::vector<Member> members_;
  pid_t self_;
};

}  // namespace bsprun
