#include "options.hpp"

#include <algorithm>
#include <cstdlib>

#include "command_line.hpp"
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
    "                   (sets BSP_NPROCS=P for the program); on every engine bsp_begin\n"
    "                   starts at most P, saying so in one line when it asked for more\n"
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
    "                   open (bspcheck(1)); exit status 3 when the program exits 0\n"
    "                   but check mode reported something\n"
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
    "the program's exit status, 128+N when it was killed by signal N, 3 with --check\n"
    "when check mode reported something and the program exited 0, 124 on\n"
    "timeout, 126 when the program cannot be started, 127 when it does not exist,\n"
    "and 2 for a bad command line or hostfile.\n";

using toolkit::UsageError;

std::optional<double> parse_seconds(const std::string& text) {
  const std::optional<double> value = toolkit::decimal_number(text);
  if (!value || *value <= 0) return std::nullopt;
  return value;
}

// -np P, -np=P and -n=P as --nprocs, which CLI11 would read as -n with the value "p" or "=P".
std::string nprocs_spelling(const std::string& arg) {
  if (arg == "-np") return "--nprocs";
  if (arg.rfind("-np=", 0) == 0 || arg.rfind("-n=", 0) == 0)
    return "--nprocs" + arg.substr(arg.find('='));
  return arg;
}

void add_options(CLI::App& app, Options& o) {
  app.add_option_function<std::string>("-n,--nprocs", [&o](const std::string& v) {
    o.nprocs = parse_whole_number(v, 9);
    if (!o.nprocs)
      throw UsageError("the number of processes must be a whole number from 1 to 999999999, not '" +
                       v + "'");
  });
  app.add_flag("--tag-output", o.tag_output);
  app.add_flag("--oversubscribe", o.oversubscribe);
  // --check or --check=LIST: check mode (BSP_CHECK, bspcheck(1)); alone it turns on every check.
  app.add_option("--check", o.check)->expected(0, 1);
  app.add_option_function<std::string>("--timeout", [&o](const std::string& v) {
    o.timeout_seconds = parse_seconds(v);
    if (!o.timeout_seconds)
      throw UsageError("--timeout needs a positive number of seconds, not '" + v + "'");
  });
  const auto file = [&app](const char* name, std::string& value) {
    app.add_option_function<std::string>(name, [name, &value](const std::string& v) {
      if (v.empty()) throw UsageError(std::string("option '") + name + "' needs a file name");
      value = v;
    });
  };
  file("--profile", o.profile);
  file("--hostfile", o.hostfile);
  app.add_option_function<std::string>("--rsh", [&o](const std::string& v) {
    if (v.find_first_not_of(" \t") == std::string::npos)
      throw UsageError("option '--rsh' needs a command");
    o.rsh = v;
  });
  app.add_option_function<std::string>("--engine", [&o](const std::string& v) {
    if (v != "shm" && v != "mpi" && v != "udp") throw UsageError("--engine takes shm, mpi or udp");
    o.mpi = v == "mpi";
    o.udp = v == "udp";
  });
}

// The command line split where bsprun's own options end.
struct Split {
  std::vector<std::string> own;   // bsprun's options and their values
  std::vector<std::string> rest;  // from the first argument that is not one of them
  bool unknown_option = false;    // rest starts with an option bsprun does not know
};

// Options end at "--" (not kept), at the first argument that is no option (the program),
// or at an option bsprun does not know (mpirun's, with --engine mpi).
Split split_at_program(const CLI::App& app, const std::vector<std::string>& args) {
  Split split;
  std::size_t i = 0;
  for (; i < args.size(); ++i) {
    const std::string arg = nprocs_spelling(args[i]);
    if (arg == "--") {
      ++i;
      break;
    }
    if (arg.size() < 2 || arg[0] != '-') break;
    const bool is_long = arg[1] == '-';
    const std::string name = is_long ? arg.substr(0, arg.find('=')) : arg.substr(0, 2);
    const CLI::Option* option = app.get_option_no_throw(name);
    if (option == nullptr) {
      split.unknown_option = true;
      break;
    }
    split.own.push_back(arg);
    const bool value_attached = is_long ? name.size() < arg.size() : arg.size() > 2;
    if (option->get_items_expected_min() > 0 && !value_attached && i + 1 < args.size())
      split.own.push_back(args[++i]);
  }
  split.rest.assign(args.begin() + static_cast<long>(i), args.end());
  return split;
}

// With --engine mpi, the options bsprun does not know, up to "--", are mpirun's.
void take_mpirun_options(Split& split, Options& o) {
  const auto end = std::find(split.rest.begin(), split.rest.end(), std::string("--"));
  if (end == split.rest.end())
    throw UsageError("end the mpirun options with -- before the program (mpirun options: " +
                     split.rest.front() + " ...)");
  o.mpirun_options.assign(split.rest.begin(), end);
  split.rest.erase(split.rest.begin(), end + 1);
}

// Options that do not go together, or go only with an engine.
void check_engine_options(const Options& o) {
  if (o.mpi && o.tag_output)
    throw UsageError(
        "--tag-output is for the shm engine; with --engine mpi pass mpirun's own "
        "--tag-output before --");
  if (o.udp && o.tag_output) throw UsageError("--tag-output is for the shm engine");
  if (o.udp && !o.nprocs && o.hostfile.empty())
    throw UsageError("--engine udp needs -n P or --hostfile FILE");
  if (!o.udp && !o.rsh.empty()) throw UsageError("--rsh is for --engine udp");
  if (o.udp && o.hostfile.empty() && (!o.rsh.empty() || o.oversubscribe))
    throw UsageError(std::string(o.oversubscribe ? "--oversubscribe" : "--rsh") +
                     " needs --hostfile");
  if (!o.udp && !o.mpi && (!o.hostfile.empty() || o.oversubscribe))
    throw UsageError(std::string(o.oversubscribe ? "--oversubscribe" : "--hostfile") +
                     " is for --engine udp or mpi");
}

}  // namespace

ParsedCommandLine parse_command_line(int argc, const char* const* argv) {
  Options options;
  toolkit::CommandLine line("bsprun", std::string(kUsage) + kHelp);
  add_options(line.app(), options);
  Split split = split_at_program(line.app(), {argv + 1, argv + argc});
  if (std::optional<toolkit::Stop> stop = line.parse(split.own))
    return {std::nullopt, stop->status, stop->text};
  if (line.app().get_option("--check")->count() > 0 && options.check.empty()) options.check = "1";
  try {
    if (split.unknown_option && !options.mpi)
      throw UsageError("unknown option '" +
                       split.rest.front().substr(0, split.rest.front().find('=')) + "'");
    if (split.unknown_option) take_mpirun_options(split, options);
    check_engine_options(options);
    if (split.rest.empty()) throw UsageError("no program to run");
  } catch (const UsageError& e) {
    const toolkit::Stop stop = line.usage_error(e.what());
    return {std::nullopt, stop.status, stop.text};
  }
  options.command = std::move(split.rest);
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
