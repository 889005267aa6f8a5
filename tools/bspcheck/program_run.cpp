#include "program_run.hpp"

#include <errno.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace bspcheck {

namespace {
bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream all;
  all << in.rdbuf();
  text = all.str();
  return true;
}

[[noreturn]] void exec_child(const std::vector<std::string>& command,
                             const std::vector<std::pair<std::string, std::string>>& environment,
                             const std::string& input, int out, int err) {
  for (const auto& [name, value] : environment) ::setenv(name.c_str(), value.c_str(), 1);
  int in = ::open(input.empty() ? "/dev/null" : input.c_str(), O_RDONLY);
  if (in >= 0) ::dup2(in, 0);
  ::dup2(out, 1);
  ::dup2(err, 2);
  std::vector<char*> argv;
  for (const std::string& word : command) argv.push_back(const_cast<char*>(word.c_str()));
  argv.push_back(nullptr);
  ::execvp(argv[0], argv.data());
  std::fprintf(stderr, "bspcheck: cannot run '%s'\n", argv[0]);
  ::_exit(127);
}
}  // namespace

RunResult run_program(const std::vector<std::string>& command,
                      const std::vector<std::pair<std::string, std::string>>& environment,
                      const std::vector<std::string>& outputs, const std::string& scratch,
                      const std::string& input) {
  for (const std::string& file : outputs) ::unlink(file.c_str());
  const std::string out_path = scratch + "/stdout", err_path = scratch + "/stderr";
  int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  RunResult result;
  if (out < 0 || err < 0) throw std::runtime_error("cannot create files in " + scratch);
  std::fflush(nullptr);
  pid_t child = ::fork();
  if (child == 0) exec_child(command, environment, input, out, err);
  ::close(out);
  ::close(err);
  if (child < 0) throw std::runtime_error("cannot start a process");
  int status = 0;
  while (::waitpid(child, &status, 0) < 0)
    if (errno != EINTR) throw std::runtime_error("lost the program's process");
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  read_file(out_path, result.out);
  read_file(err_path, result.err);
  for (const std::string& file : outputs) {
    result.files.emplace_back();
    result.file_found.push_back(read_file(file, result.files.back()));
  }
  return result;
}

std::string keep_standard_input(const std::string& scratch) {
  if (::isatty(0)) return "";
  std::string input;
  char buffer[65536];
  for (;;) {
    ssize_t n = ::read(0, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    input.append(buffer, static_cast<std::size_t>(n));
  }
  const std::string path = scratch + "/stdin";
  std::ofstream file(path, std::ios::binary);
  file << input;
  if (!file.flush()) throw std::runtime_error("cannot keep standard input in " + scratch);
  return path;
}

ScratchFolder::ScratchFolder() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/bspcheck.XXXXXX";
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("cannot create a folder in " + pattern);
  path_ = pattern;
}

ScratchFolder::~ScratchFolder() {
  ::unlink((path_ + "/stdout").c_str());
  ::unlink((path_ + "/stderr").c_str());
  ::unlink((path_ + "/stdin").c_str());
  ::rmdir(path_.c_str());
}

}  // namespace bspcheck
