// Runs one SPMD program as a child process in its own session, with a
// deadline, and reports how it ended and what it left behind: processes still
// in its session, and new entries in /dev/shm.
#pragma once

#include <set>
#include <string>
#include <vector>

namespace superstep::differential {

struct RunOutcome {
  bool exited = false;     // ended by exit(); else by a signal or the deadline
  int exit_status = 0;     // when exited
  int signal = 0;          // when killed by a signal
  bool timed_out = false;  // still running at the deadline; then killed
  double seconds = 0;      // from start to the end of the first process
  std::string stderr_text;
  std::vector<int> leftover_processes;  // os pids still in the session after it ended
  // /dev/shm entries that appeared, stayed, and whose names point at this
  // program (other tests may be running at the same time)
  std::vector<std::string> leftover_shm;

  bool failed() const { return !exited || exit_status != 0; }
  std::string describe_end() const;
};

struct RunRequest {
  std::vector<std::string> argv;  // argv[0] is the program path
  int nprocs = 1;                 // exported as BSP_NPROCS
  double deadline_seconds = 60;   // killed (whole session) after this
  bool check_leftovers = false;   // wait for the session to empty, compare /dev/shm
};

RunOutcome run_spmd(const RunRequest& request);

std::set<std::string> list_shm();

}  // namespace superstep::differential
