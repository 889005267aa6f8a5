// bsprun's half of the run-status channel (src/util/run_status.hpp): the file
// in which the program's BSP processes note their superstep and state, and
// the sentence bsprun prints from it when --timeout expires.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "superstep_internal/run_status.hpp"

namespace bsprun {

class RunStatusFile {
 public:
  // Creates the anonymous file (close-on-exec: ProgramSpec::inherit_fd hands
  // it to the program). Throws std::system_error when it cannot.
  RunStatusFile();
  ~RunStatusFile();
  RunStatusFile(const RunStatusFile&) = delete;
  RunStatusFile& operator=(const RunStatusFile&) = delete;

  int fd() const { return fd_; }
  // Where every process stands, e.g. "process 1 is computing in superstep 3,
  // processes 0, 2 and 3 wait in bsp_sync of superstep 3"; empty before
  // bsp_begin or when the file cannot be read.
  std::string describe() const;

 private:
  int fd_ = -1;
};

struct ProcessSnapshot {
  superstep::RunState state;
  std::uint64_t superstep;
};

// The sentence describe() prints for these processes (pid = index).
std::string describe_processes(const std::vector<ProcessSnapshot>& processes);

}  // namespace bsprun
