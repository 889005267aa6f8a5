// expect_run: run one SPMD program the way a test needs it and check what it did.
//
// The program runs in a new session with captured stdout and stderr. Afterwards expect_run checks
// the exit status and the output against the expectations on its command line, and that the
// program left nothing behind: no process of its session and no new entry in /dev/shm.
// It prints a diagnosis and exits non-zero when any check fails. See usage() for the options.

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

const char kUsage[] =
    "usage: expect_run [options] -- program [args...]\n"
    "\n"
    "Runs program in a new session with BSP_NPROCS set, captures its stdout and stderr and\n"
    "checks, in this order:\n"
    "  - it finished within the timeout (else the whole session is killed);\n"
    "  - its exit status;\n"
    "  - every --stdout-regex / --stderr-regex (std::regex ECMAScript, searched in the\n"
    "    whole captured text; ^ and $ anchor at its start and end);\n"
    "  - every --stdout-count;\n"
    "  - --stderr-within;\n"
    "  - no process of its session is left (waits up to --grace seconds for stragglers);\n"
    "  - no new entry in /dev/shm that no live process holds.\n"
    "\n"
    "options:\n"
    "  --nprocs P               set BSP_NPROCS=P for the program\n"
    "  --exit zero|nonzero|N|signal|signal:N|any\n"
    "                           expected end: exit status 0, exit status != 0, exit status N,\n"
    "                           killed by a signal (by signal N), anything (default: zero)\n"
    "  --stdout-regex RE        stdout must match RE (repeatable)\n"
    "  --stderr-regex RE        stderr must match RE (repeatable)\n"
    "  --stdout-count RE N      stdout must hold exactly N non-overlapping matches of RE;\n"
    "                           N may be written K*P, meaning K times the --nprocs value\n"
    "  --timeout S              seconds before the session is killed and the run fails (10)\n"
    "  --grace S                seconds to wait for left-over processes after the end (1)\n"
    "  --stdin-text TEXT        the program's stdin holds TEXT (at most 64 KiB), then ends\n"
    "  --stderr-within S RE     stderr must get its first bytes at most S seconds after stdout\n"
    "                           first matches RE (how long an error takes to appear)\n"
    "  --kill-after-output RE   send SIGKILL to the program's first process (pid 0) as soon as\n"
    "                           its stdout matches RE\n"
    "  --help                   this text\n";

struct Count {
  std::string pattern;
  std::string count;  // "N" or "K*P"
};

struct Options {
  std::optional<int> nprocs;
  std::string exit_expect = "zero";
  std::vector<std::string> stdout_regexes;
  std::vector<std::string> stderr_regexes;
  std::vector<Count> stdout_counts;
  double timeout_s = 10.0;
  double grace_s = 1.0;
  std::optional<std::string> kill_after_output;
  std::optional<std::string> stdin_text;
  std::optional<double> stderr_within_s;
  std::string stderr_within_after;  // the stdout pattern that starts the clock
  std::vector<std::string> command;
};

[[noreturn]] void usage_error(const std::string& what) {
  std::cerr << "expect_run: " << what << "\n\n" << kUsage;
  std::exit(2);
}

double now_s() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double parse_seconds(const std::string& text, const char* option) {
  char* end = nullptr;
  double value = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0' || value <= 0) {
    usage_error(std::string(option) + " needs a positive number of seconds, got '" + text + "'");
  }
  return value;
}

Options parse_options(int argc, char** argv) {
  Options options;
  int i = 1;
  auto value = [&](const char* option) -> std::string {
    if (i + 1 >= argc) usage_error(std::string(option) + " needs a value");
    return argv[++i];
  };
  for (; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--") {
      ++i;
      break;
    } else if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      std::exit(0);
    } else if (arg == "--nprocs") {
      std::string text = value("--nprocs");
      options.nprocs = std::atoi(text.c_str());
      if (*options.nprocs < 1) usage_error("--nprocs needs a positive number, got '" + text + "'");
    } else if (arg == "--exit") {
      options.exit_expect = value("--exit");
    } else if (arg == "--stdout-regex") {
      options.stdout_regexes.push_back(value("--stdout-regex"));
    } else if (arg == "--stderr-regex") {
      options.stderr_regexes.push_back(value("--stderr-regex"));
    } else if (arg == "--stdout-count") {
      std::string pattern = value("--stdout-count");
      options.stdout_counts.push_back({pattern, value("--stdout-count")});
    } else if (arg == "--timeout") {
      options.timeout_s = parse_seconds(value("--timeout"), "--timeout");
    } else if (arg == "--grace") {
      options.grace_s = parse_seconds(value("--grace"), "--grace");
    } else if (arg == "--stdin-text") {
      options.stdin_text = value("--stdin-text");
      if (options.stdin_text->size() > 65536) usage_error("--stdin-text is longer than 64 KiB");
    } else if (arg == "--stderr-within") {
      options.stderr_within_s = parse_seconds(value("--stderr-within"), "--stderr-within");
      options.stderr_within_after = value("--stderr-within");
    } else if (arg == "--kill-after-output") {
      options.kill_after_output = value("--kill-after-output");
    } else {
      usage_error("unknown option '" + arg + "'");
    }
  }
  for (; i < argc; ++i) options.command.push_back(argv[i]);
  if (options.command.empty()) usage_error("no program given after --");
  return options;
}

std::regex compile(const std::string& pattern) {
  try {
    return std::regex(pattern, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    usage_error("bad regular expression '" + pattern + "': " + e.what());
  }
}

// ---- processes --------------------------------------------------------------------------------

struct ProcInfo {
  pid_t pid;
  char state;
  pid_t ppid;
  pid_t session;
  std::string comm;
};

std::optional<ProcInfo> read_stat(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  // The command name is in parentheses and may itself hold spaces or parentheses.
  size_t open = line.find('(');
  size_t close = line.rfind(')');
  if (open == std::string::npos || close == std::string::npos) return std::nullopt;
  ProcInfo info{};
  info.pid = pid;
  info.comm = line.substr(open + 1, close - open - 1);
  std::istringstream rest(line.substr(close + 1));
  int pgrp = 0;
  rest >> info.state >> info.ppid >> pgrp >> info.session;
  if (!rest) return std::nullopt;
  return info;
}

// Processes other than ourselves that belong to `session` or are our children (orphans of the
// program are re-parented to us because we are a child subreaper). Reaps finished children first.
std::vector<ProcInfo> leftover_processes(pid_t session) {
  while (waitpid(-1, nullptr, WNOHANG) > 0) {
  }
  std::vector<ProcInfo> found;
  DIR* dir = opendir("/proc");
  if (dir == nullptr) return found;
  pid_t self = getpid();
  while (dirent* entry = readdir(dir)) {
    char* end = nullptr;
    long pid = std::strtol(entry->d_name, &end, 10);
    if (*end != '\0' || pid <= 0 || pid == self) continue;
    auto info = read_stat(static_cast<pid_t>(pid));
    if (!info) continue;
    if (info->session == session || info->ppid == self) found.push_back(*info);
  }
  closedir(dir);
  return found;
}

// ---- /dev/shm ---------------------------------------------------------------------------------

std::set<std::string> list_dir(const std::string& path) {
  std::set<std::string> names;
  if (DIR* dir = opendir(path.c_str())) {
    while (dirent* entry = readdir(dir)) {
      std::string name = entry->d_name;
      if (name != "." && name != "..") names.insert(name);
    }
    closedir(dir);
  }
  return names;
}

// Whether some live process has /dev/shm/<name> open or mapped. Tests run in parallel, so a new
// entry that another running program holds is that program's, not one our program leaked.
bool shm_entry_in_use(const std::string& name) {
  std::string target = "/dev/shm/" + name;
  for (const std::string& pid : list_dir("/proc")) {
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    std::string base = "/proc/" + pid;
    for (const std::string& fd : list_dir(base + "/fd")) {
      char link[4096];
      ssize_t n = readlink((base + "/fd/" + fd).c_str(), link, sizeof link - 1);
      if (n > 0 && std::string(link, static_cast<size_t>(n)).rfind(target, 0) == 0) return true;
    }
    std::ifstream maps(base + "/maps");
    std::string line;
    while (std::getline(maps, line)) {
      if (line.find(target) != std::string::npos) return true;
    }
  }
  return false;
}

std::vector<std::string> leaked_shm(const std::set<std::string>& before) {
  std::vector<std::string> leaked;
  for (const std::string& name : list_dir("/dev/shm")) {
    if (before.count(name) == 0 && !shm_entry_in_use(name)) leaked.push_back(name);
  }
  return leaked;
}

// ---- running ----------------------------------------------------------------------------------

struct RunResult {
  int wait_status = 0;
  bool timed_out = false;
  bool killed_by_us = false;
  // When stdout first matched the --stderr-within pattern, and when stderr got its first bytes
  // (now_s() clock; 0: never).
  double stdout_matched_at = 0;
  double stderr_began_at = 0;
  std::string out;
  std::string err;
};

void set_nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

pid_t start(const Options& options, int out_pipe[2], int err_pipe[2]) {
  // --stdin-text: the whole text waits in a pipe (it fits: at most 64 KiB), closed behind it.
  int in_pipe[2] = {-1, -1};
  if (options.stdin_text) {
    if (pipe(in_pipe) != 0) {
      perror("expect_run: pipe");
      std::exit(2);
    }
    const std::string& text = *options.stdin_text;
    if (write(in_pipe[1], text.data(), text.size()) != static_cast<ssize_t>(text.size())) {
      perror("expect_run: writing --stdin-text");
      std::exit(2);
    }
    close(in_pipe[1]);
  }
  pid_t child = fork();
  if (child < 0) {
    perror("expect_run: fork");
    std::exit(2);
  }
  if (child == 0) {
    setsid();
    if (options.stdin_text) {
      dup2(in_pipe[0], STDIN_FILENO);
      close(in_pipe[0]);
    }
    dup2(out_pipe[1], STDOUT_FILENO);
    dup2(err_pipe[1], STDERR_FILENO);
    close(out_pipe[0]);
    close(out_pipe[1]);
    close(err_pipe[0]);
    close(err_pipe[1]);
    // A crashing test program must not leave a core file in the build tree.
    rlimit no_core{0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    if (options.nprocs) setenv("BSP_NPROCS", std::to_string(*options.nprocs).c_str(), 1);
    std::vector<char*> args;
    for (const std::string& arg : options.command) args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    std::fprintf(stderr, "expect_run: cannot run %s: %s\n", args[0], std::strerror(errno));
    _exit(127);
  }
  if (options.stdin_text) close(in_pipe[0]);
  return child;
}

RunResult run(const Options& options, pid_t* session_out) {
  int out_pipe[2], err_pipe[2];
  if (pipe(out_pipe) != 0 || pipe(err_pipe) != 0) {
    perror("expect_run: pipe");
    std::exit(2);
  }
  pid_t child = start(options, out_pipe, err_pipe);
  *session_out = child;  // setsid() makes the child's pid the session id
  close(out_pipe[1]);
  close(err_pipe[1]);
  set_nonblocking(out_pipe[0]);
  set_nonblocking(err_pipe[0]);

  std::optional<std::regex> kill_trigger;
  if (options.kill_after_output) kill_trigger = compile(*options.kill_after_output);
  std::optional<std::regex> clock_start;
  if (options.stderr_within_s) clock_start = compile(options.stderr_within_after);

  RunResult result;
  bool out_open = true, err_open = true, exited = false;
  const double deadline = now_s() + options.timeout_s;
  double drain_deadline = 0;
  while (out_open || err_open || !exited) {
    if (!exited) {
      int status = 0;
      if (waitpid(child, &status, WNOHANG) == child) {
        exited = true;
        result.wait_status = status;
        // Other processes of the program may still hold the pipes; read what they write
        // for a short while, the left-over check below reports them.
        drain_deadline = now_s() + options.grace_s;
      }
    }
    double now = now_s();
    if (!exited && now > deadline) {
      result.timed_out = true;
      kill(-child, SIGKILL);
      waitpid(child, &result.wait_status, 0);
      exited = true;
      drain_deadline = now + 0.2;
    }
    if (exited && now > drain_deadline) break;
    pollfd fds[2] = {{out_open ? out_pipe[0] : -1, POLLIN, 0},
                     {err_open ? err_pipe[0] : -1, POLLIN, 0}};
    poll(fds, 2, 10);
    char buffer[65536];
    for (int k = 0; k < 2; ++k) {
      bool& open = k == 0 ? out_open : err_open;
      std::string& text = k == 0 ? result.out : result.err;
      if (!open) continue;
      ssize_t n = read(k == 0 ? out_pipe[0] : err_pipe[0], buffer, sizeof buffer);
      if (n > 0) {
        if (k == 1 && text.empty()) result.stderr_began_at = now_s();
        text.append(buffer, static_cast<size_t>(n));
      } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
        open = false;
      }
    }
    if (clock_start && result.stdout_matched_at == 0 &&
        std::regex_search(result.out, *clock_start)) {
      result.stdout_matched_at = now_s();
    }
    if (kill_trigger && !exited && !result.killed_by_us &&
        std::regex_search(result.out, *kill_trigger)) {
      kill(child, SIGKILL);
      result.killed_by_us = true;
    }
  }
  close(out_pipe[0]);
  close(err_pipe[0]);
  return result;
}

std::string seconds(double s) {
  std::ostringstream text;
  text << s << " s";
  return text.str();
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    return "killed by signal " + std::to_string(sig) + " (" + strsignal(sig) + ")";
  }
  return "ended with wait status " + std::to_string(status);
}

std::optional<std::string> check_exit(const std::string& expect, int status) {
  bool exited = WIFEXITED(status);
  int code = exited ? WEXITSTATUS(status) : -1;
  bool signaled = WIFSIGNALED(status);
  int sig = signaled ? WTERMSIG(status) : -1;
  bool ok = false;
  if (expect == "any") {
    ok = true;
  } else if (expect == "zero") {
    ok = exited && code == 0;
  } else if (expect == "nonzero") {
    ok = exited && code != 0;
  } else if (expect == "signal") {
    ok = signaled;
  } else if (expect.rfind("signal:", 0) == 0) {
    ok = signaled && sig == std::atoi(expect.c_str() + 7);
  } else if (!expect.empty() && expect.find_first_not_of("0123456789") == std::string::npos) {
    ok = exited && code == std::atoi(expect.c_str());
  } else {
    usage_error("--exit needs zero, nonzero, a number, signal, signal:N or any; got '" + expect +
                "'");
  }
  if (ok) return std::nullopt;
  return "expected exit '" + expect + "', but the program " + describe_status(status);
}

size_t count_matches(const std::string& text, const std::regex& re) {
  return static_cast<size_t>(
      std::distance(std::sregex_iterator(text.begin(), text.end(), re), std::sregex_iterator()));
}

size_t expected_count(const std::string& spec, const Options& options) {
  size_t star = spec.find("*P");
  if (star != std::string::npos && star + 2 == spec.size()) {
    if (!options.nprocs) usage_error("--stdout-count " + spec + " needs --nprocs");
    return static_cast<size_t>(std::atoi(spec.substr(0, star).c_str())) *
           static_cast<size_t>(*options.nprocs);
  }
  return static_cast<size_t>(std::atoi(spec.c_str()));
}

std::string show(const std::string& text) {
  const size_t limit = 4000;
  if (text.empty()) return "    (empty)\n";
  std::string body = text.back() == '\n' ? text.substr(0, text.size() - 1) : text;
  std::string shown = body.size() > limit ? body.substr(0, limit) + "\n[... " +
                                                std::to_string(body.size() - limit) + " more bytes]"
                                          : body;
  std::string indented = "    ";
  for (char c : shown) {
    indented += c;
    if (c == '\n') indented += "    ";
  }
  return indented + "\n";
}

}  // namespace

// Open MPI's launcher keeps its session files in one folder per user and host under the
// temporary folder, and a launch that ends removes it while another launch (ctest -j) may be
// creating its own inside ("ORTE_ERROR_LOG: Error in file .../session_dir.c"): each run gets
// a folder of its own for them (OMPI_MCA_orte_tmpdir_base), removed after the run, unless the
// caller names one. Returns the folder, or "" where none was made.
std::string private_mpi_session_folder() {
  if (const char* named = std::getenv("OMPI_MCA_orte_tmpdir_base"); named && *named) return "";
  const char* tmp = std::getenv("TMPDIR");
  std::string folder = std::string(tmp && *tmp ? tmp : "/tmp") + "/expect_run_mpi.XXXXXX";
  if (!mkdtemp(folder.data())) return "";
  setenv("OMPI_MCA_orte_tmpdir_base", folder.c_str(), 1);
  return folder;
}

int main(int argc, char** argv) {
  Options options = parse_options(argc, argv);
  // Compile every pattern before running, so a typo is reported as such.
  std::vector<std::regex> out_res, err_res, count_res;
  for (const auto& p : options.stdout_regexes) out_res.push_back(compile(p));
  for (const auto& p : options.stderr_regexes) err_res.push_back(compile(p));
  for (const auto& c : options.stdout_counts) count_res.push_back(compile(c.pattern));

  // Orphans of the program become our children, so none escapes the left-over check.
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  std::set<std::string> shm_before = list_dir("/dev/shm");

  const std::string mpi_sessions = private_mpi_session_folder();
  pid_t session = 0;
  RunResult result = run(options, &session);

  std::vector<std::string> failures;
  if (result.timed_out) {
    failures.push_back("timed out after " + seconds(options.timeout_s) +
                       "; the whole session was killed");
  } else if (auto why = check_exit(options.exit_expect, result.wait_status)) {
    failures.push_back(*why);
  }
  if (options.kill_after_output && !result.killed_by_us) {
    failures.push_back("stdout never matched --kill-after-output '" + *options.kill_after_output +
                       "'");
  }
  for (size_t k = 0; k < out_res.size(); ++k) {
    if (!std::regex_search(result.out, out_res[k])) {
      failures.push_back("stdout does not match '" + options.stdout_regexes[k] + "'");
    }
  }
  for (size_t k = 0; k < err_res.size(); ++k) {
    if (!std::regex_search(result.err, err_res[k])) {
      failures.push_back("stderr does not match '" + options.stderr_regexes[k] + "'");
    }
  }
  for (size_t k = 0; k < count_res.size(); ++k) {
    size_t want = expected_count(options.stdout_counts[k].count, options);
    size_t got = count_matches(result.out, count_res[k]);
    if (got != want) {
      failures.push_back("stdout holds " + std::to_string(got) + " matches of '" +
                         options.stdout_counts[k].pattern + "', expected " + std::to_string(want));
    }
  }

  if (options.stderr_within_s) {
    const std::string& after = options.stderr_within_after;
    double delay = result.stderr_began_at - result.stdout_matched_at;
    if (result.stdout_matched_at == 0) {
      failures.push_back("stdout never matched --stderr-within '" + after + "'");
    } else if (result.stderr_began_at == 0) {
      failures.push_back("stderr stayed empty (--stderr-within)");
    } else if (delay > *options.stderr_within_s) {
      failures.push_back("stderr began " + seconds(delay) + " after stdout matched '" + after +
                         "', more than " + seconds(*options.stderr_within_s));
    }
  }

  // Left-over processes: wait up to the grace period for them to go.
  std::vector<ProcInfo> left = leftover_processes(session);
  const double give_up = now_s() + options.grace_s;
  while (!left.empty() && now_s() < give_up) {
    usleep(20000);
    left = leftover_processes(session);
  }
  if (!left.empty()) {
    std::string what = std::to_string(left.size()) + " process(es) of the program still exist " +
                       seconds(options.grace_s) + " after it ended:";
    for (const ProcInfo& info : left) {
      what += "\n      pid " + std::to_string(info.pid) + " (" + info.comm + ") state " +
              info.state + " parent " + std::to_string(info.ppid);
      kill(info.pid, SIGKILL);  // clean up, so one failure does not spoil later tests
    }
    while (waitpid(-1, nullptr, WNOHANG) > 0) {
    }
    failures.push_back(what);
  }

  if (!mpi_sessions.empty()) {
    std::error_code ignored;
    std::filesystem::remove_all(mpi_sessions, ignored);
  }

  // Leaked shared memory: new /dev/shm entries that no live process holds. Give the program's
  // last processes a moment to unlink what they made.
  std::vector<std::string> leaked = leaked_shm(shm_before);
  for (int attempt = 0; attempt < 10 && !leaked.empty(); ++attempt) {
    usleep(50000);
    leaked = leaked_shm(shm_before);
  }
  if (!leaked.empty()) {
    std::string what = "new /dev/shm entries left behind:";
    for (const std::string& name : leaked) what += " " + name;
    failures.push_back(what);
  }

  std::string command;
  for (const std::string& arg : options.command) command += (command.empty() ? "" : " ") + arg;
  std::string nprocs = options.nprocs ? "BSP_NPROCS=" + std::to_string(*options.nprocs) + " " : "";
  std::ostream& report = failures.empty() ? std::cout : std::cerr;
  report << "expect_run: " << nprocs << command << "\n  " << describe_status(result.wait_status)
         << (result.killed_by_us ? " (pid 0 killed by expect_run)" : "") << "\n";
  if (failures.empty()) {
    report << "  all checks passed\n";
  } else {
    report << "  FAILED:\n";
    for (const std::string& failure : failures) report << "  - " << failure << "\n";
  }
  report << "  stdout:\n" << show(result.out) << "  stderr:\n" << show(result.err);
  return failures.empty() ? 0 : 1;
}
