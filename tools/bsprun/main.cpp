// bsprun: runs a BSPlib program with P processes.
//
// bsprun starts one process, the program, with BSP_NPROCS=P in its
// environment; the program's bsp_begin creates the other BSP processes. The
// program runs in a process group of its own so that --timeout and signals
// sent to bsprun reach every BSP process. The program dies with bsprun, and
// its BSP processes die with it. On the shm engine the processes note their
// superstep and state in a status file (src/util/run_status.hpp), so that a
// --timeout can say which processes are stuck where.
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "superstep_internal/profile_files.hpp"
#include "superstep_internal/profile_merge.hpp"
#include "superstep_internal/output_redirect.hpp"
#include "superstep_internal/run_notes.hpp"
#include "options.hpp"
#include "program_process.hpp"
#include "run_status_file.hpp"
#include "signal_pipe.hpp"
#include "tagged_output.hpp"
#include "udp_host.hpp"
#include "udp_spawn.hpp"

namespace bsprun {
namespace {

using Clock = std::chrono::steady_clock;

// After --timeout, processes get SIGTERM and this long to end before SIGKILL.
constexpr auto kGracePeriod = std::chrono::seconds(2);

int exit_status_of(int wait_status) {
  if (WIFEXITED(wait_status)) return WEXITSTATUS(wait_status);
  if (WIFSIGNALED(wait_status)) return 128 + WTERMSIG(wait_status);
  return 1;
}

int milliseconds_until(std::optional<Clock::time_point> deadline) {
  if (!deadline) return -1;
  auto left = std::chrono::ceil<std::chrono::milliseconds>(*deadline - Clock::now()).count();
  return left < 0 ? 0 : static_cast<int>(std::min<long long>(left, 1 << 30));
}

std::optional<Clock::time_point> earliest(std::optional<Clock::time_point> a,
                                          std::optional<Clock::time_point> b) {
  if (!a) return b;
  if (!b) return a;
  return std::min(*a, *b);
}

int cannot_start(const std::string& program, int error) {
  std::string hint;
  if (error == ENOENT && program.find('/') == std::string::npos &&
      ::access(program.c_str(), X_OK) == 0) {
    hint = " in PATH; to run the one in this folder, use ./" + program;
  }
  std::fprintf(stderr, "bsprun: cannot run '%s': %s%s\n", program.c_str(), std::strerror(error),
               hint.c_str());
  return error == ENOENT ? kExitNotFound : kExitCannotRun;
}

// The program's profile parts become one file when its process 0 did not get
// to bsp_end to do it: the profile then says it is incomplete.
void merge_profile_left_behind(const std::string& file) {
  if (::access(superstep::profile::parts_dir(file).c_str(), F_OK) != 0) return;
  std::string error = superstep::profile::merge_parts(file);
  if (!error.empty())
    std::fprintf(stderr, "bsprun: --profile %s: %s\n", file.c_str(), error.c_str());
  else
    std::fprintf(stderr, "bsprun: the program stopped early; its profile %s is incomplete\n",
                 file.c_str());
}

// Relative to bsprun's folder, also for processes that start elsewhere (mpirun).
std::string absolute_path(const std::string& file) {
  if (file.empty() || file[0] == '/') return file;
  char cwd[4096];
  return ::getcwd(cwd, sizeof cwd) ? std::string(cwd) + "/" + file : file;
}

// The file in which the program notes its bsp_begin and check mode's findings
// (superstep_internal/run_notes.hpp), removed when bsprun ends.
class RunNotes {
 public:
  RunNotes() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/bsprun-notes-XXXXXX";
    int fd = ::mkostemp(pattern.data(), O_CLOEXEC);
    if (fd < 0) return;  // then bsprun says nothing of what the notes would tell
    ::close(fd);
    path_ = pattern;
  }
  ~RunNotes() {
    if (!path_.empty()) ::unlink(path_.c_str());
  }
  RunNotes(const RunNotes&) = delete;
  RunNotes& operator=(const RunNotes&) = delete;
  const std::string& path() const { return path_; }

  struct Read {
    bool begun = false;  // process 0 called bsp_begin
    long findings = 0;   // lines check mode reported
  };
  Read read() const {
    Read notes;
    std::ifstream in(path_);
    for (std::string line; std::getline(in, line);) {
      if (line == "begin") notes.begun = true;
      if (line == "finding") ++notes.findings;
    }
    return notes;
  }

 private:
  std::string path_;
};

// Whether process 0 runs on this host, where it can leave notes: not where a
// hostfile or mpirun's own host options may place it elsewhere.
bool process_zero_here(const Options& options) {
  if (!options.hostfile.empty()) return false;
  for (const std::string& option : options.mpirun_options) {
    const std::string name = option.substr(0, option.find('='));
    for (const char* remote : {"-H", "--host", "-host", "--hostfile", "-hostfile", "--machinefile",
                               "-machinefile", "--default-hostfile", "--rankfile"})
      if (name == remote) return false;
  }
  return true;
}

// What bsprun sets up around the program before it starts it.
struct Launch {
  ProgramSpec spec;
  std::optional<TaggedOutput> tagged;        // --tag-output
  std::optional<RunStatusFile> status_file;  // shm: where each process is
  RunNotes notes;                            // its bsp_begin and check mode's findings
};

// The command, its environment, the tagged output and the status file. Returns the exit
// status when that fails.
std::optional<int> prepare(const Options& options, const std::string& profile, Launch& launch) {
  ProgramSpec& spec = launch.spec;
  spec.command = launch_command(options);
  std::optional<int> nprocs = options.nprocs;
  if (options.udp) {
    UdpLaunch udp = udp_launch(options);
    if (!udp.error.empty()) {
      std::fprintf(stderr, "%s\n", udp.error.c_str());
      return kExitUsage;
    }
    spec.command = udp.command;
    nprocs = udp.nprocs;
  }
  if (nprocs) spec.environment.emplace_back("BSP_NPROCS", std::to_string(*nprocs));
  if (!profile.empty()) spec.environment.emplace_back(superstep::profile::kVariable, profile);
  if (!options.check.empty()) spec.environment.emplace_back("BSP_CHECK", options.check);
  if (!launch.notes.path().empty())
    spec.environment.emplace_back(superstep::kRunNotesVariable, launch.notes.path());
  if (options.tag_output) {
    try {
      launch.tagged.emplace();
    } catch (const std::system_error& e) {
      std::fprintf(stderr, "bsprun: cannot set up --tag-output: %s\n", e.what());
      return 1;
    }
    spec.environment.emplace_back(superstep::kOutputSocketVariable, launch.tagged->socket_path());
    spec.stdout_fd = launch.tagged->program_stdout();
    spec.stderr_fd = launch.tagged->program_stderr();
  }
  // Only the shm engine writes it; under mpirun the ranks are mpirun's children.
  if (!options.mpi && !options.udp) {
    try {
      launch.status_file.emplace();
      spec.inherit_fd = launch.status_file->fd();
      spec.environment.emplace_back(superstep::kRunStatusVariable,
                                    std::to_string(launch.status_file->fd()));
    } catch (const std::system_error&) {
      launch.status_file.reset();  // the timeout message is then shorter
    }
  }
  return std::nullopt;
}

// bsprun's exit status for the program's wait status, saying when a signal killed it.
int exit_status_after(const Options& options, int wait_status) {
  // SIGPIPE: whoever read the output stopped (... | head); shells keep quiet too.
  if (WIFSIGNALED(wait_status) && WTERMSIG(wait_status) != SIGPIPE) {
    int signo = WTERMSIG(wait_status);
    std::fprintf(stderr, "bsprun: '%s' was killed by signal %d (%s)\n", options.command[0].c_str(),
                 signo, strsignal(signo));
  }
  return exit_status_of(wait_status);
}

// Passes signals on, copies tagged output, enforces --timeout, until the program and its
// output have ended.
int supervise(const Options& options, SignalPipe& signals, ProgramProcess& program,
              Launch& launch) {
  std::optional<TaggedOutput>& tagged = launch.tagged;
  std::optional<Clock::time_point> timeout_at;
  if (options.timeout_seconds) {
    timeout_at = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(*options.timeout_seconds));
  }
  std::optional<Clock::time_point> kill_at;
  bool timed_out = false;
  std::optional<int> status;
  while (!status || (tagged && !tagged->finished())) {
    std::vector<pollfd> fds{{signals.fd(), POLLIN, 0}};
    if (tagged) tagged->add_poll_fds(fds);
    int ready = ::poll(fds.data(), fds.size(), milliseconds_until(earliest(timeout_at, kill_at)));
    if (ready < 0 && errno != EINTR) {
      std::perror("bsprun: poll");
      program.signal_group(SIGKILL);
      return 1;
    }
    if (ready > 0 && fds[0].revents != 0) {
      for (int signo : signals.take()) {
        if (signo != SIGCHLD) program.signal_group(signo);  // pass it on to every process
      }
    }
    if (ready > 0 && tagged) tagged->handle(fds, 1);
    status = program.poll_exit();

    auto now = Clock::now();
    if (timeout_at && now >= *timeout_at) {
      std::string where = launch.status_file ? launch.status_file->describe() : "";
      if (!where.empty()) where = "; " + where;
      std::fprintf(stderr,
                   "bsprun: timeout: '%s' ran longer than %g seconds%s; stopping all its "
                   "processes\n",
                   options.command[0].c_str(), *options.timeout_seconds, where.c_str());
      program.signal_group(SIGTERM);
      timed_out = true;
      timeout_at.reset();
      kill_at = now + kGracePeriod;
    }
    // After a timeout nothing may outlive bsprun; the program having exited
    // does not mean every process of its group has.
    if (kill_at && (now >= *kill_at || status)) {
      program.signal_group(SIGKILL);
      kill_at.reset();
    }
  }
  return timed_out ? kExitTimeout : exit_status_after(options, *status);
}

// What the program's notes tell once it has ended: that it never called
// bsp_begin (and so wrote no profile), that check mode found something.
int after_the_run(const Options& options, const std::string& profile, const RunNotes& notes,
                  int status) {
  if (notes.path().empty()) return status;
  const RunNotes::Read read = notes.read();
  // A program that failed before bsp_begin has said why; one that ran to its
  // end without it may not be a BSP program at all.
  if (!read.begun && process_zero_here(options) && status == 0)
    std::fprintf(stderr,
                 "bsprun: '%s' never called bsp_begin: it ran as an ordinary program, not as a "
                 "BSP program%s\n",
                 options.command[0].c_str(),
                 options.nprocs ? (" of " + std::to_string(*options.nprocs) + " processes").c_str()
                                : "");
  if (!read.begun && process_zero_here(options) && !profile.empty() &&
      ::access(profile.c_str(), F_OK) != 0)
    std::fprintf(stderr,
                 "bsprun: no profile written to %s: a profile records the supersteps between "
                 "bsp_begin and bsp_end, and this program never called bsp_begin\n",
                 profile.c_str());
  if (!options.check.empty() && read.findings > 0 && status == 0) {
    std::fprintf(stderr,
                 "bsprun: check mode found %ld thing%s (the lines starting 'bspcheck:' above); "
                 "exit status %d\n",
                 read.findings, read.findings == 1 ? "" : "s", kExitCheckFound);
    return kExitCheckFound;
  }
  return status;
}

int run_program(const Options& options, const std::string& profile) {
  SignalPipe signals;
  Launch launch;
  if (std::optional<int> failed = prepare(options, profile, launch)) return *failed;
  int error = 0;
  std::optional<ProgramProcess> program =
      ProgramProcess::start(launch.spec, &SignalPipe::restore_defaults, error);
  if (launch.tagged) launch.tagged->close_program_ends();
  if (!program) return cannot_start(launch.spec.command[0], error);
  const int status = supervise(options, signals, *program, launch);
  if (!profile.empty()) merge_profile_left_behind(profile);
  return after_the_run(options, profile, launch.notes, status);
}

int run(const Options& options) {
  return run_program(options, absolute_path(options.profile));
}

}  // namespace
}  // namespace bsprun

int main(int argc, char** argv) {
  // bsprun --engine udp runs itself this way in place of the program, and
  // the remote shell runs it so on the other hosts.
  if (argc >= 2 && std::strcmp(argv[1], bsprun::kSpawnUdpOption) == 0)
    return bsprun::spawn_udp(argc - 2, argv + 2);
  if (argc >= 2 && std::strcmp(argv[1], bsprun::kUdpHostOption) == 0)
    return bsprun::run_udp_host(argc - 2, argv + 2);
  bsprun::ParsedCommandLine parsed = bsprun::parse_command_line(argc, argv);
  if (!parsed.options) {
    std::fputs(parsed.output.c_str(), parsed.exit_status == 0 ? stdout : stderr);
    return parsed.exit_status;
  }
  return bsprun::run(*parsed.options);
}
