#include "program_run.hpp"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
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
                             int in, int out, int err) {
  for (const auto& [name, value] : environment) ::setenv(name.c_str(), value.c_str(), 1);
  ::signal(SIGPIPE, SIG_DFL);  // bspcheck ignores it; the program must not
  if (in < 0) in = ::open("/dev/null", O_RDONLY);
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

// While the first run runs: what arrives on bspcheck's standard input goes on
// to the program's (through `to_program`, non-blocking) and into input.bytes.
// Returns the wait status once the program has exited.
int relay_until_exit(pid_t child, int to_program, StandardInput& input) {
  std::string pending = input.bytes;
  int status = 0;
  for (;;) {
    if (to_program >= 0 && pending.empty() && input.ended) {
      ::close(to_program);
      to_program = -1;
    }
    pollfd fds[2];
    nfds_t n = 0;
    if (!input.ended) fds[n++] = {0, POLLIN, 0};
    if (to_program >= 0 && !pending.empty()) fds[n++] = {to_program, POLLOUT, 0};
    if (::poll(fds, n, 20) < 0 && errno != EINTR) break;
    if (!input.ended && (fds[0].revents & (POLLIN | POLLHUP | POLLERR))) {
      char buffer[65536];
      const ssize_t got = ::read(0, buffer, sizeof buffer);
      if (got > 0) {
        input.bytes.append(buffer, static_cast<std::size_t>(got));
        if (to_program >= 0) pending.append(buffer, static_cast<std::size_t>(got));
      } else if (got == 0 || errno != EINTR) {
        input.ended = true;
      }
    }
    if (to_program >= 0 && !pending.empty()) {
      const ssize_t put = ::write(to_program, pending.data(), pending.size());
      if (put > 0) pending.erase(0, static_cast<std::size_t>(put));
      if (put < 0 && errno == EPIPE) {  // the program closed its standard input
        ::close(to_program);
        to_program = -1;
        pending.clear();
      }
    }
    const pid_t done = ::waitpid(child, &status, WNOHANG);
    if (done == child) break;
    if (done < 0 && errno != EINTR) throw std::runtime_error("lost the program's process");
  }
  if (to_program >= 0) ::close(to_program);
  return status;
}
}  // namespace

StandardInput::StandardInput(const std::string& scratch)
    : path(scratch + "/stdin"), relay(!::isatty(0)) {
  ::signal(SIGPIPE, SIG_IGN);  // a program that closes its input is no error of bspcheck's
}

RunResult run_program(const std::vector<std::string>& command,
                      const std::vector<std::pair<std::string, std::string>>& environment,
                      const std::vector<std::string>& outputs, const std::string& scratch,
                      StandardInput& input) {
  for (const std::string& file : outputs) ::unlink(file.c_str());
  const std::string out_path = scratch + "/stdout", err_path = scratch + "/stderr";
  int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  RunResult result;
  if (out < 0 || err < 0) throw std::runtime_error("cannot create files in " + scratch);
  // The first run reads bspcheck's standard input through a pipe; later ones a
  // file of what it read.
  const bool relaying = input.relay && !input.relayed;
  int pipe_ends[2] = {-1, -1};
  int in = -1;
  if (relaying) {
    if (::pipe2(pipe_ends, O_CLOEXEC) != 0) throw std::runtime_error("cannot make a pipe");
    in = pipe_ends[0];
    ::fcntl(pipe_ends[1], F_SETFL, ::fcntl(pipe_ends[1], F_GETFL) | O_NONBLOCK);
  } else if (input.relay) {
    in = ::open(input.path.c_str(), O_RDONLY | O_CLOEXEC);
  }
  std::fflush(nullptr);
  pid_t child = ::fork();
  if (child == 0) exec_child(command, environment, in, out, err);
  ::close(out);
  ::close(err);
  if (in >= 0) ::close(in);
  if (child < 0) throw std::runtime_error("cannot start a process");
  int status = 0;
  if (relaying) {
    status = relay_until_exit(child, pipe_ends[1], input);
    input.relayed = true;
    std::ofstream file(input.path, std::ios::binary);
    file << input.bytes;
    if (!file.flush()) throw std::runtime_error("cannot keep standard input in " + input.path);
  } else {
    while (::waitpid(child, &status, 0) < 0)
      if (errno != EINTR) throw std::runtime_error("lost the program's process");
  }
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  read_file(out_path, result.out);
  read_file(err_path, result.err);
  for (const std::string& file : outputs) {
    result.files.emplace_back();
    result.file_found.push_back(read_file(file, result.files.back()));
  }
  return result;
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
