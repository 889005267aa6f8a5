#include "options.hpp"

#include <cerrno>
#include <cstdlib>
#include <regex>
#include <string_view>

namespace bspcheck {

namespace {
constexpr const char* kUsage =
    "usage: bspcheck [--runs N] [--seed S] [--output FILE]... [--ignore REGEX]...\n"
    "                [--engine shm|mpi|udp]\n"
    "                -n P -- program [args]\n"
    "       bspcheck [options] --launcher 'mpirun -n 4' -- program [args]\n";
constexpr const char* kHelp =
    "\n"
    "Runs a BSP program several times, each time resolving the choices BSPlib leaves\n"
    "open another legal way (message order, colliding writes, when hp transfers\n"
    "read), with check mode on (BSP_CHECK=1), and compares its standard output and\n"
    "the named output files with the default run's. The default choices run twice:\n"
    "what differs between those runs is the program's own (timings, addresses) and\n"
    "is left out, with a note. A difference counts when a second run of the same\n"
    "choice shows it too; bspcheck then reports it, the choice that produced it and\n"
    "the command that reruns that case. When the default runs fail, it says which\n"
    "other choices pass. Every run reads the same copy of bspcheck's standard input.\n"
    "\n"
    "Options:\n"
    "  -n P, --nprocs P   processes (bsprun -n P)\n"
    "  --runs N           choices to try, the default included (default 8, at least 2)\n"
    "  --seed S           the first shuffle's seed (default 1); the others count on\n"
    "  --output FILE      a file the program writes, compared too (repeatable)\n"
    "  --ignore REGEX     leave output lines that REGEX matches (extended, anywhere\n"
    "                     in the line) out of the comparison: timings (repeatable)\n"
    "  --engine E         bsprun's engine: shm (default), mpi or udp\n"
    "  --launcher 'CMD'   run 'CMD program args' instead of bsprun (words split at\n"
    "                     spaces), e.g. 'mpirun -n 4'\n"
    "  -h, --help         print this help and exit\n"
    "  -V, --version      print the version and exit\n"
    "\n"
    "Exit status: 0 when every run agrees (apart from the program's own variation)\n"
    "and check mode found nothing, 1 with findings or when the default runs fail,\n"
    "2 on usage errors. See bspcheck(1).\n";

Parsed usage_error(const std::string& message) {
  return {std::nullopt, 2, "bspcheck: " + message + "; see 'bspcheck --help'\n"};
}

std::optional<std::uint64_t> whole_number(const std::string& text, std::uint64_t most) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  errno = 0;
  unsigned long long value = std::strtoull(text.c_str(), nullptr, 10);
  if (errno != 0 || value > most) return std::nullopt;
  return value;
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while ((at = text.find_first_not_of(" \t", at)) != std::string::npos) {
    std::size_t end = text.find_first_of(" \t", at);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(at, end - at));
    at = end;
  }
  return out;
}
}  // namespace

Parsed parse_options(int argc, char** argv) {
  Options o;
  int i = 1;
  for (; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--") {
      ++i;
      break;
    }
    if (arg == "-h" || arg == "--help") return {std::nullopt, 0, std::string(kUsage) + kHelp};
    if (arg == "-V" || arg == "--version")
      return {std::nullopt, 0, std::string("bspcheck (Superstep) ") + SUPERSTEP_VERSION + "\n"};
    const bool takes_value = arg == "-n" || arg == "--nprocs" || arg == "--runs" ||
                             arg == "--seed" || arg == "--output" || arg == "--ignore" ||
                             arg == "--launcher" || arg == "--engine";
    if (!takes_value) {
      if (!arg.empty() && arg[0] == '-')
        return usage_error("unknown option '" + std::string(arg) + "'");
      break;  // the program, without --
    }
    if (i + 1 >= argc) return usage_error("option " + std::string(arg) + " needs a value");
    std::string value = argv[++i];
    if (arg == "-n" || arg == "--nprocs") {
      auto n = whole_number(value, 999999);
      if (!n || *n == 0) return usage_error("-n needs a number of processes, not '" + value + "'");
      o.nprocs = static_cast<int>(*n);
    } else if (arg == "--runs") {
      auto n = whole_number(value, 10000);
      if (!n || *n < 2)
        return usage_error("--runs needs a number from 2 to 10000, not '" + value + "'");
      o.runs = static_cast<int>(*n);
    } else if (arg == "--seed") {
      auto n = whole_number(value, UINT64_MAX / 2);
      if (!n) return usage_error("--seed needs a whole number, not '" + value + "'");
      o.seed = *n;
    } else if (arg == "--output") {
      if (value.empty()) return usage_error("--output needs a file name");
      o.outputs.push_back(value);
    } else if (arg == "--ignore") {
      try {
        std::regex check(value, std::regex::extended);
      } catch (const std::regex_error&) {
        return usage_error("--ignore needs a regular expression, not '" + value + "'");
      }
      o.ignore.push_back(value);
    } else if (arg == "--launcher") {
      o.launcher = words(value);
      if (o.launcher.empty()) return usage_error("--launcher needs a command");
    } else {
      if (value != "shm" && value != "mpi" && value != "udp")
        return usage_error("--engine takes shm, mpi or udp, not '" + value + "'");
      o.engine = value;
    }
  }
  for (; i < argc; ++i) o.program.emplace_back(argv[i]);
  if (o.program.empty()) return usage_error("no program given");
  if (o.launcher.empty() && !o.nprocs) return usage_error("give -n P (or --launcher)");
  if (!o.launcher.empty() && !o.engine.empty())
    return usage_error("--engine is bsprun's; with --launcher leave it out");
  return {o, 0, ""};
}

}  // namespace bspcheck
