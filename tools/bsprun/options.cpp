#include "options.hpp"

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <string_view>

#include "remote_command.hpp"
#include "whole_number.hpp"

namespace bsprun {
namespace {

constexpr const char* kUsage =
    "usage: bsprun -n P [options] program [arguments...]\n"
    "       bsprun --engine mpi -n P [options] [mpirun options... --] program [arguments...]\n"
    "       bsprun --engine udp -n P [options] program [arguments...]\n"
    "       bsprun --engine udp [-n P] --hostfile FILE [--rsh CMD] [options] program "
    "[arguments...]\n";

constexpr const char* kHelp =
    "Runs a BSPlib program built with Superstep with P processes.\n"
    "\n"
    "Options:\n"
    "  -n P, -np P, --nprocs P\n"
    "                   number of processes: bsp_nprocs() reports P before bsp_begin,\n"
    "                   so a program calling bsp_begin(bsp_nprocs()) gets P processes\n"
    "                   (sets BSP_NPROCS=P for the program)\n"
    "  --tag-output     prefix every line the program writes with \"[pid] \", the BSP\n"
    "                   process that wrote it; lines are never mixed (output before\n"
    "                   bsp_begin and after bsp_end is process 0's)\n"
    "  --timeout S      stop all processes of the program after S seconds (a decimal\n"
    "                   number) and exit with status 124\n"
    "  --engine shm|mpi shm (default): processes on this host, in shared memory;\n"
    "                   mpi: run the program as 'mpirun -n P program' (mpirun from\n"
    "                   PATH, or $BSP_MPIRUN); options bsprun does not know, from the\n"
    "                   first one up to '--', go to mpirun (a hostfile, --map-by,\n"
    "                   --mca ...). Output tagging is then mpirun's own --tag-output\n"
    "  --check[=LIST]   check mode (sets BSP_CHECK=LIST, default 1: every check):\n"
    "                   report where the result depends on a choice BSPlib leaves\n"
    "                   open (bspcheck(1))\n"
    "  --profile FILE   record a profile of every superstep in FILE (sets\n"
    "                   BSP_PROFILE=FILE); also when the program stops early, then\n"
    "                   marked incomplete. Read it with bspprof report FILE\n"
    "  --engine udp     P processes that talk over UDP datagrams only (the cluster\n"
    "                   transport; standard input is process 0's), on this host or\n"
    "                   on the hosts of --hostfile\n"
    "  --hostfile FILE  udp: the hosts, one a line, 'host' or 'host slots=N' (# starts\n"
    "                   a comment); processes fill the slots in order, process 0 the\n"
    "                   first; without -n, one per slot. Hosts other than this one\n"
    "                   are reached with the remote shell. mpi: passed on to mpirun\n"
    "  --rsh CMD        udp: the remote shell, run as 'CMD host command' (default\n"
    "                   $BSP_RSH, else ssh)\n"
    "  --oversubscribe  udp: more processes than the hostfile has slots (filled\n"
    "                   again from the first slot); mpi: passed on to mpirun\n"
    "  -h, --help       print this help and exit\n"
    "  -V, --version    print the version and exit\n"
    "  --               end of options: the next argument is the program\n"
    "\n"
    "The program is looked up in PATH when its name has no slash. bsprun exits with\n"
    "the program's exit status, 128+N when it was killed by signal N, 124 on\n"
    "timeout, 126 when the program cannot be started, 127 when it does not exist,\n"
    "and 2 for a bad command line or hostfile.\n";

ParsedCommandLine usage_error(const std::string& what) {
  return {std::nullopt, kExitUsage,
          "bsprun: " + what + "\n" + kUsage + "Run 'bsprun --help' for the options.\n"};
}

std::optional<double> parse_seconds(const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  double value = std::strtod(text.c_str(), &end);
  if (errno != 0 || *end != '\0' || !std::isfinite(value) || value <= 0) return std::nullopt;
  return value;
}

}  // namespace

ParsedCommandLine parse_command_line(int argc, const char* const* argv) {
  Options options;
  int i = 1;
  // The value of an option given as "--name value" or "--name=value".
  auto take_value = [&](std::string_view arg, std::string_view name,
                        std::string& value) -> std::optional<bool> {
    if (arg == name) {
      if (i + 1 >= argc) return false;
      value = argv[++i];
      return true;
    }
    if (arg.size() > name.size() + 1 && arg.substr(0, name.size()) == name &&
        arg[name.size()] == '=') {
      value = std::string(arg.substr(name.size() + 1));
      return true;
    }
    return std::nullopt;  // not this option
  };

  for (; i < argc; ++i) {
    std::string_view arg = argv[i];
    std::string value;
    if (arg == "--") {
      ++i;
      break;
    }
    if (arg.empty() || arg[0] != '-') break;  // the program
    if (arg == "-h" || arg == "--help") return {std::nullopt, 0, std::string(kUsage) + kHelp};
    if (arg == "-V" || arg == "--version") {
      return {std::nullopt, 0, std::string("bsprun (Superstep) ") + SUPERSTEP_VERSION + "\n"};
    }
    if (arg == "--tag-output") {
      options.tag_output = true;
      continue;
    }
    if (arg == "--check" || arg.substr(0, 8) == "--check=") {
      options.check = arg.size() > 8 ? std::string(arg.substr(8)) : "1";  // BSP_CHECK's list
      continue;
    }
    if (arg == "--oversubscribe") {
      options.oversubscribe = true;
      continue;
    }
    std::optional<bool> found;
    for (std::string_view name : {"-n", "-np", "--nprocs"}) {
      if ((found = take_value(arg, name, value))) break;
    }
    if (!found && arg.size() > 2 && arg.substr(0, 2) == "-n" && arg[2] >= '0' && arg[2] <= '9') {
      value = std::string(arg.substr(2));  // -n4
      found = true;
    }
    if (found) {
      if (!*found)
        return usage_error("option " + std::string(arg) + " needs a number of processes");
      options.nprocs = parse_whole_number(value, 9);
      if (!options.nprocs) {
        return usage_error(
            "the number of processes must be a whole number from 1 to 999999999, "
            "not '" +
            value + "'");
      }
      continue;
    }
    if ((found = take_value(arg, "--timeout", value))) {
      if (!*found) return usage_error("option --timeout needs a number of seconds");
      options.timeout_seconds = parse_seconds(value);
      if (!options.timeout_seconds) {
        return usage_error("--timeout needs a positive number of seconds, not '" + value + "'");
      }
      continue;
    }
    if ((found = take_value(arg, "--profile", value))) {
      if (!*found || value.empty()) return usage_error("option --profile needs a file name");
      options.profile = value;
      continue;
    }
    if ((found = take_value(arg, "--hostfile", value))) {
      if (!*found || value.empty()) return usage_error("option --hostfile needs a file name");
      options.hostfile = value;
      continue;
    }
    if ((found = take_value(arg, "--rsh", value))) {
      if (!*found || value.find_first_not_of(" \t") == std::string::npos)
        return usage_error("option --rsh needs a command");
      options.rsh = value;
      continue;
    }
    if ((found = take_value(arg, "--engine", value))) {
      if (!*found || (value != "shm" && value != "mpi" && value != "udp"))
        return usage_error("--engine takes shm, mpi or udp");
      options.mpi = value == "mpi";
      options.udp = value == "udp";
      continue;
    }
    if (!options.mpi) return usage_error("unknown option '" + std::string(arg) + "'");
    // --engine mpi: this option and everything up to "--" are mpirun's.
    for (; i < argc && std::string_view(argv[i]) != "--"; ++i)
      options.mpirun_options.emplace_back(argv[i]);
    if (i >= argc)
      return usage_error("end the mpirun options with -- before the program (mpirun options: " +
                         std::string(arg) + " ...)");
    ++i;
    break;
  }
  if (options.mpi && options.tag_output)
    return usage_error(
        "--tag-output is for the shm engine; with --engine mpi pass mpirun's own "
        "--tag-output before --");
  if (options.udp && options.tag_output) return usage_error("--tag-output is for the shm engine");
  if (options.udp && !options.nprocs && options.hostfile.empty())
    return usage_error("--engine udp needs -n P or --hostfile FILE");
  if (!options.udp && !options.rsh.empty()) return usage_error("--rsh is for --engine udp");
  if (options.udp && options.hostfile.empty() && (!options.rsh.empty() || options.oversubscribe))
    return usage_error(std::string(options.oversubscribe ? "--oversubscribe" : "--rsh") +
                       " needs --hostfile");
  if (!options.udp && !options.mpi && (!options.hostfile.empty() || options.oversubscribe))
    return usage_error(std::string(options.oversubscribe ? "--oversubscribe" : "--hostfile") +
                       " is for --engine udp or mpi");
  if (i >= argc) return usage_error("no program to run");
  for (; i < argc; ++i) options.command.emplace_back(argv[i]);
  return {std::move(options), 0, ""};
}

std::string mpirun_program() {
  const char* env = std::getenv("BSP_MPIRUN");
  return env && *env ? env : "mpirun";
}

std::string remote_shell(const Options& options) {
  if (!options.rsh.empty()) return options.rsh;
  const char* env = std::getenv("BSP_RSH");
  return env && *env ? env : kDefaultRemoteShell;
}

std::vector<std::string> launch_command(const Options& options) {
  if (!options.mpi) return options.command;
  std::vector<std::string> command{mpirun_program()};
  if (options.nprocs) {
    command.push_back("-n");
    command.push_back(std::to_string(*options.nprocs));
  }
  if (!options.hostfile.empty()) command.insert(command.end(), {"--hostfile", options.hostfile});
  if (options.oversubscribe) command.push_back("--oversubscribe");
  command.insert(command.end(), options.mpirun_options.begin(), options.mpirun_options.end());
  command.insert(command.end(), options.command.begin(), options.command.end());
  return command;
}

}  // namespace bsprun
