// One run of the program under bspcheck: its command, the environment it
// adds, and what it left (exit status, standard output and error, files).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace bspcheck {

struct RunResult {
  int status = 0;   // the exit status, 128+N when killed by signal N, 127 not started
  std::string out;  // standard output
  std::string err;  // standard error
  std::vector<std::string> files;  // each --output file's contents ("" when missing)
  std::vector<bool> file_found;
};

// The runs' standard input. Where bspcheck's own is not a terminal, the first
// run reads it through bspcheck, which keeps what arrives while that run
// runs (all of it, where it ends by then); every later run reads a copy of
// that. A run is never held up by input the program does not read. From a
// terminal nothing is read: the runs get an empty input.
struct StandardInput {
  explicit StandardInput(const std::string& scratch);
  std::string path;      // the copy, in the scratch folder
  bool relay;            // bspcheck's standard input is given to the runs
  bool relayed = false;  // the first run has had it
  bool ended = false;    // bspcheck's standard input reached its end
  std::string bytes;     // what it held
};

// Runs `command` with `environment` added and standard input from `input`,
// after removing each of `outputs`; keeps its output in `scratch` (a folder)
// while it runs.
RunResult run_program(const std::vector<std::string>& command,
                      const std::vector<std::pair<std::string, std::string>>& environment,
                      const std::vector<std::string>& outputs, const std::string& scratch,
                      StandardInput& input);

// A folder for the runs' output, removed with what is in it by the destructor.
class ScratchFolder {
 public:
  ScratchFolder();
  ~ScratchFolder();
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace bspcheck
