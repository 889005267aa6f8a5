// Running bspprobe again as a child process, one per number of processes:
// bsp_begin may be called once per process, so each p needs a fresh one.
#pragma once

#include <string>
#include <vector>

namespace bspprobe {

struct ChildResult {
  bool ok = false;
  std::string output;  // what the child wrote to stdout
  std::string error;   // why it failed, when !ok
};

// Runs this executable with the given arguments, stderr shared with ours,
// stdout captured.
ChildResult run_self(const std::vector<std::string>& args);

}  // namespace bspprobe
