#include "subprocess.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <thread>

namespace superstep::differential {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The session id of a live (not zombie) OS process, from /proc/<pid>/stat
// (field 6), or -1.
int session_of(int os_pid) {
  // Plain read(): the process may vanish while we read, and then the read
  // fails with ESRCH (which an istream would turn into an exception).
  std::string path = "/proc/" + std::to_string(os_pid) + "/stat";
  int fd = open(path.c_str(), O_RDONLY);
  if (fd < 0) return -1;
  char buffer[1024];
  ssize_t n = read(fd, buffer, sizeof buffer - 1);
  close(fd);
  if (n <= 0) return -1;
  std::string text(buffer, static_cast<std::size_t>(n));
  std::size_t close_paren = text.rfind(')');  // the command name may contain spaces
  if (close_paren == std::string::npos || close_paren + 2 > text.size()) return -1;
  std::istringstream rest(text.substr(close_paren + 2));
  std::string state;
  int ppid, pgrp, session;
  if (!(rest >> state >> ppid >> pgrp >> session) || state == "Z") return -1;
  return session;
}

std::vector<int> processes_in_session(int session) {
  std::vector<int> found;
  if (DIR* proc = opendir("/proc")) {
    while (dirent* entry = readdir(proc)) {
      char* end;
      long os_pid = std::strtol(entry->d_name, &end, 10);
      if (*end == '\0' && os_pid > 0 && session_of(static_cast<int>(os_pid)) == session)
        found.push_back(static_cast<int>(os_pid));
    }
    closedir(proc);
  }
  return found;
}

std::string read_all(int fd) {
  std::string text;
  char chunk[4096];
  ssize_t n;
  while ((n = read(fd, chunk, sizeof chunk)) > 0) text.append(chunk, static_cast<std::size_t>(n));
  return text;
}

// Other tests may create /dev/shm entries while a program runs (CTest runs
// tests in parallel), so a new entry counts as left behind by the program
// only if its name says so: the library's name, or the program's OS pid.
bool could_be_ours(const std::string& name, pid_t child) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.find("superstep") != std::string::npos || lower.find("bsp") != std::string::npos ||
         name.find(std::to_string(child)) != std::string::npos;
}

}  // namespace

std::set<std::string> list_shm() {
  std::set<std::string> names;
  if (DIR* dir = opendir("/dev/shm")) {
    while (dirent* entry = readdir(dir))
      if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0)
        names.insert(entry->d_name);
    closedir(dir);
  }
  return names;
}

std::string RunOutcome::describe_end() const {
  if (timed_out) return "still running at the deadline (killed)";
  if (exited) return "exit status " + std::to_string(exit_status);
  return "killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
}

// Orphans of the program (its processes whose parent died first) are
// reparented to us rather than to init, so we can reap them: a zombie is not
// a leftover, but it should not linger in the process table either.
void become_subreaper() {
  static bool done = false;
  if (!done) prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
  done = true;
}

void reap_orphans() {
  while (waitpid(-1, nullptr, WNOHANG) > 0) {
  }
}

RunOutcome run_spmd(const RunRequest& request) {
  become_subreaper();
  RunOutcome outcome;
  std::set<std::string> shm_before;
  if (request.check_leftovers) shm_before = list_shm();

  // stderr goes to an unlinked temporary file: a pipe could fill up and block.
  char err_path[] = "/tmp/superstep-differential-XXXXXX";
  int err_fd = mkstemp(err_path);
  if (err_fd < 0) {
    std::perror("mkstemp");
    std::exit(2);
  }
  unlink(err_path);

  std::string nprocs = std::to_string(request.nprocs);
  // SUPERSTEP_DIFFERENTIAL_LAUNCHER runs the program under a launcher, e.g.
  // "mpirun -n %P%" to test the MPI engine; %P% becomes the process count.
  std::vector<std::string> words;
  if (const char* launcher = std::getenv("SUPERSTEP_DIFFERENTIAL_LAUNCHER")) {
    std::istringstream in(launcher);
    for (std::string word; in >> word;) words.push_back(word == "%P%" ? nprocs : word);
  }
  words.insert(words.end(), request.argv.begin(), request.argv.end());
  std::vector<char*> argv;
  for (const std::string& arg : words) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);

  Clock::time_point start = Clock::now();
  pid_t child = fork();
  if (child < 0) {
    std::perror("fork");
    std::exit(2);
  }
  if (child == 0) {
    setsid();  // its own session: every process it starts can be found and killed
    dup2(err_fd, 2);
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    setenv("BSP_NPROCS", nprocs.c_str(), 1);
    execvp(argv[0], argv.data());
    std::fprintf(stderr, "cannot run %s: %s\n", argv[0], std::strerror(errno));
    _exit(127);
  }

  int status = 0;
  auto pause = std::chrono::microseconds(100);
  for (;;) {
    pid_t done = waitpid(child, &status, WNOHANG);
    if (done == child) break;
    if (since(start) > request.deadline_seconds) {
      outcome.timed_out = true;
      kill(-child, SIGKILL);
      waitpid(child, &status, 0);
      break;
    }
    std::this_thread::sleep_for(pause);
    if (pause < std::chrono::milliseconds(2)) pause *= 2;
  }
  outcome.seconds = since(start);
  if (!outcome.timed_out) {
    outcome.exited = WIFEXITED(status);
    outcome.exit_status = outcome.exited ? WEXITSTATUS(status) : 0;
    outcome.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  }

  lseek(err_fd, 0, SEEK_SET);
  outcome.stderr_text = read_all(err_fd);
  close(err_fd);

  // Whatever is still in the session was left behind. Processes that are on
  // their way out get a moment to finish first; then they are cleaned up.
  std::vector<int> left = processes_in_session(child);
  for (int wait = 0; wait < 100 && !left.empty(); ++wait) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    reap_orphans();
    left = processes_in_session(child);
  }
  if (request.check_leftovers) outcome.leftover_processes = left;
  if (!left.empty()) kill(-child, SIGKILL);
  reap_orphans();

  if (request.check_leftovers) {
    for (const std::string& name : list_shm())
      if (!shm_before.count(name) && could_be_ours(name, child))
        outcome.leftover_shm.push_back(name);
  }
  return outcome;
}

}  // namespace superstep::differential
