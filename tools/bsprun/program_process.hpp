// The program bsprun runs: one process, started in a process group of its
// own. The BSP processes it creates in bsp_begin join that group, so a
// signal to the group reaches all of them.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bsprun {

struct ProgramSpec {
  std::vector<std::string> command;                              // program and arguments
  std::vector<std::pair<std::string, std::string>> environment;  // set in the program only
  int stdout_fd = -1;   // when >= 0, becomes the program's stdout
  int stderr_fd = -1;   // when >= 0, becomes the program's stderr
  int inherit_fd = -1;  // when >= 0, stays open (same number) in the program
};

class ProgramProcess {
 public:
  // Starts the program. When bsprun runs in the foreground of a terminal, the
  // program's group becomes the terminal's foreground group, so it can read
  // the terminal and gets the terminal's Ctrl-C. On failure to start, returns
  // nullopt and sets `error` to the errno of the failed exec (or fork).
  // `before_exec` runs in the child just before exec. The program is killed
  // when bsprun dies (even by SIGKILL); its BSP processes die with it.
  static std::optional<ProgramProcess> start(const ProgramSpec& spec, void (*before_exec)(),
                                             int& error);

  ProgramProcess(ProgramProcess&& other) noexcept;
  ProgramProcess& operator=(ProgramProcess&&) = delete;
  ~ProgramProcess();  // gives the terminal back

  // Sends signo to every process in the program's group.
  void signal_group(int signo) const;
  // The wait status once the program has exited; never blocks.
  std::optional<int> poll_exit();

 private:
  explicit ProgramProcess(pid_t pid, bool owns_terminal)
      : pid_(pid), owns_terminal_(owns_terminal) {}
  void give_terminal_back();

  pid_t pid_;
  bool owns_terminal_;
  std::optional<int> status_;
};

}  // namespace bsprun
