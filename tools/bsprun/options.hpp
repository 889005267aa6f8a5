// bsprun's command line: options first, then the program and its arguments.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "command_line.hpp"

namespace bsprun {

struct Options {
  std::optional<int> nprocs;                // -n P: what bsp_nprocs() reports before bsp_begin
  bool tag_output = false;                  // --tag-output: prefix each line with "[pid] "
  std::optional<double> timeout_seconds;    // --timeout S: stop everything after S seconds
  std::vector<std::string> command;         // the program and its arguments
  bool mpi = false;                         // --engine mpi: run the program under mpirun
  bool udp = false;                         // --engine udp: start P processes (udp_spawn.hpp)
  std::vector<std::string> mpirun_options;  // passed to mpirun before the program
  std::string check;                        // --check[=LIST]: BSP_CHECK=LIST (bspcheck(1))
  std::string profile;                      // --profile FILE: BSP_PROFILE=FILE (docs/bspprof.md)
  std::string hostfile;                     // --hostfile FILE: the hosts (udp; passed on to mpirun)
  std::string rsh;                          // --rsh CMD: the remote shell (udp; else $BSP_RSH, ssh)
  bool oversubscribe = false;               // --oversubscribe: more processes than slots
};

// The remote shell a udp job with a hostfile uses: --rsh, else $BSP_RSH, else ssh.
std::string remote_shell(const Options& options);

// The MPI launcher bsprun --engine mpi runs: $BSP_MPIRUN, else mpirun from PATH.
std::string mpirun_program();

// The command bsprun starts for the shm and mpi engines: the program itself,
// or mpirun with the program (udp_spawn.hpp makes the udp engine's).
std::vector<std::string> launch_command(const Options& options);

// Exit statuses bsprun itself chooses; otherwise it passes on the program's.
inline constexpr int kExitUsage = toolkit::kExitUsage;  // bad command line
inline constexpr int kExitTimeout = 124;                // --timeout expired
inline constexpr int kExitCheckFound = 3;  // --check: the program exited 0, check mode found something
inline constexpr int kExitCannotRun = 126;  // the program exists but could not be started
inline constexpr int kExitNotFound = 127;   // no such program

struct ParsedCommandLine {
  std::optional<Options> options;  // set when there is a program to run
  int exit_status = 0;             // otherwise: exit with this status ...
  std::string output;              // ... after printing this (stdout when the status is 0)
};

// Reads bsprun's options (toolkit/command_line.hpp: --help, --version, usage errors);
// everything after the program's name, or after "--", is the program's, untouched.
ParsedCommandLine parse_command_line(int argc, const char* const* argv);

}  // namespace bsprun
