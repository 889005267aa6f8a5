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

// Runs `command` with `environment` added, standard input from the file
// `input` (/dev/null when empty), after removing each of `outputs`; keeps its
// output in `scratch` (a folder) while it runs.
RunResult run_program(const std::vector<std::string>& command,
                      const std::vector<std::pair<std::string, std::string>>& environment,
                      const std::vector<std::string>& outputs, const std::string& scratch,
                      const std::string& input);

// Reads bspcheck's standard input to its end into a file in `scratch`, so
// that every run reads the same input, and returns the file's name; "" when
// standard input is a terminal (the runs then read nothing).
std::string keep_standard_input(const std::string& scratch);

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
