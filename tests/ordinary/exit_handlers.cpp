// Exit-time code that process 0 registered before bsp_begin belongs to process 0: an atexit
// handler, a static std::ofstream holding a buffered line, and a line in std::cout (not
// synchronised with stdio) must each take effect once, not once per process. What every
// process writes to std::cout inside the SPMD part must still appear, once each.
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <string>

namespace {
std::string log_path;

void at_exit_handler() { std::printf("atexit handler ran\n"); }

// Registered first, so it runs last, after the log file's destructor flushed it.
void count_log_lines() {
  std::ifstream in(log_path);
  std::string line;
  int lines = 0;
  while (std::getline(in, line)) ++lines;
  unlink(log_path.c_str());
  std::printf("log lines: %d\n", lines);
}
}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  char path[] = "/tmp/superstep-exit-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return 2;
  close(fd);
  log_path = path;
  std::atexit(count_log_lines);
  static std::ofstream log_file(log_path);    // destroyed (and flushed) at exit
  log_file << "written once by process 0\n";  // stays buffered until exit
  std::atexit(at_exit_handler);
  std::cout << "before bsp_begin\n";  // buffered in std::cout

  bsp_begin(bsp_nprocs());
  std::cout << "process " << bsp_pid() << " in the SPMD part\n";
  bsp_sync();
  bsp_end();

  // Process 0 only from here; the others must not have touched the file or run the handler.
  std::cout << "after bsp_end\n";
  std::cout.flush();
  return 0;
}
