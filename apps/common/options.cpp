#include "options.hpp"

#include <bsp.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>

namespace apps {

double Options::extra(const std::string& name) const {
  for (const ExtraOption& e : extras)
    if (e.name == name) return e.value;
  std::fprintf(stderr, "internal error: no option --%s\n", name.c_str());
  std::abort();
}

const std::string& Options::choice(const std::string& name) const {
  for (const ChoiceOption& c : choices)
    if (c.name == name) return c.value;
  std::fprintf(stderr, "internal error: no option --%s\n", name.c_str());
  std::abort();
}

bool is_power_of_two(long long x) { return x > 0 && (x & (x - 1)) == 0; }

void bad_argument(const AppInfo& app, const std::string& message) {
  std::fprintf(stderr, "%s: %s (see --help)\n", app.name.c_str(), message.c_str());
  std::exit(2);
}

namespace {

constexpr long long kMaxProcs = 1 << 20;
constexpr long long kMaxIterations = 1000000;

void print_help(const AppInfo& app) {
  std::ostringstream out;
  out << "usage: " << app.name << " [options]\n\n"
      << app.summary << "\n\n"
      << "options:\n";
  if (!app.fixed_input)
    out << "  -n, --size N        " << app.size_help << " (default " << app.default_n << ")\n";
  out << "  -p, --procs P       BSP processes (default: bsp_nprocs(), the processors\n"
      << "                      available, or the job size under mpirun)\n";
  if (!app.fixed_input) out << "  --seed S            seed of the generated input (default 1)\n";
  out << "  --iterations I      repetitions; the time printed is the best (default "
      << app.default_iterations << ")\n";
  for (const ChoiceOption& c : app.choices) {
    std::string names;
    for (const std::string& v : c.choices) names += (names.empty() ? "" : "|") + v;
    out << "  --" << c.name << " " << names
        << std::string(c.name.size() + names.size() < 17 ? 17 - c.name.size() - names.size() : 1,
                       ' ')
        << c.help << " (default " << c.value << ")\n";
  }
  for (const ExtraOption& e : app.extras)
    out << "  --" << e.name << " X" << std::string(e.name.size() < 16 ? 16 - e.name.size() : 1, ' ')
        << e.help << " (default " << e.value << ")\n";
  out << "  --params FILE       bspprobe's JSON result: print the time the BSP cost formula\n"
      << "                      predicts with this machine's g and l beside the measured one\n"
      << "  -h, --help          this text\n";
  if (!app.notes.empty()) out << "\n" << app.notes << "\n";
  std::cout << out.str();
}

// --name CHOICE: the value must be one of the option's choices.
void parse_choice(const AppInfo& app, ChoiceOption& c, const std::string& text) {
  std::string names;
  for (const std::string& v : c.choices) {
    if (v == text) {
      c.value = text;
      return;
    }
    names += (names.empty() ? "" : ", ") + v;
  }
  bad_argument(app, "--" + c.name + " must be one of " + names + ", not '" + text + "'");
}

long long parse_integer(const AppInfo& app, const std::string& option, const std::string& text) {
  errno = 0;
  char* end = nullptr;
  const long long v = std::strtoll(text.c_str(), &end, 0);
  if (text.empty() || *end != '\0' || errno == ERANGE)
    bad_argument(app, option + " needs an integer, not '" + text + "'");
  return v;
}

double parse_number(const AppInfo& app, const std::string& option, const std::string& text) {
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || errno == ERANGE)
    bad_argument(app, option + " needs a number, not '" + text + "'");
  return v;
}

}  // namespace

Options parse_options(const AppInfo& app, int argc, char** argv) {
  Options o;
  o.n = app.default_n;
  o.iterations = app.default_iterations;
  o.extras = app.extras;
  o.choices = app.choices;
  bool p_given = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      print_help(app);
      std::exit(0);
    }
    std::string value;
    bool has_value = false;
    if (const auto eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
      has_value = true;
    }
    auto next = [&]() -> std::string {
      if (has_value) return value;
      if (i + 1 >= argc) bad_argument(app, arg + " needs a value");
      return argv[++i];
    };
    if (app.fixed_input && (arg == "-n" || arg == "--size" || arg == "--seed"))
      bad_argument(app, arg + " does not apply: the class fixes the input");
    if (arg == "-n" || arg == "--size") {
      o.n = parse_integer(app, arg, next());
      if (o.n <= 0) bad_argument(app, "the size must be positive, not " + std::to_string(o.n));
    } else if (arg == "-p" || arg == "--procs") {
      const long long p = parse_integer(app, arg, next());
      if (p <= 0)
        bad_argument(app, "the number of processes must be at least 1, not " + std::to_string(p));
      if (p > kMaxProcs)
        bad_argument(app, "the number of processes must be at most " + std::to_string(kMaxProcs) +
                              ", not " + std::to_string(p));
      o.p = static_cast<int>(p);
      p_given = true;
    } else if (arg == "--seed") {
      const long long s = parse_integer(app, arg, next());
      if (s < 0) bad_argument(app, "the seed must not be negative");
      o.seed = static_cast<unsigned long long>(s);
    } else if (arg == "--iterations") {
      const long long it = parse_integer(app, arg, next());
      if (it <= 0)
        bad_argument(app, "the iterations must be at least 1, not " + std::to_string(it));
      if (it > kMaxIterations)
        bad_argument(app, "the iterations must be at most " + std::to_string(kMaxIterations) +
                              ", not " + std::to_string(it));
      o.iterations = static_cast<int>(it);
    } else if (arg == "--params") {
      o.params = next();
    } else {
      bool known = false;
      for (ChoiceOption& c : o.choices)
        if (arg == "--" + c.name) {
          parse_choice(app, c, next());
          known = true;
        }
      for (ExtraOption& e : o.extras)
        if (arg == "--" + e.name) {
          e.value = parse_number(app, arg, next());
          known = true;
        }
      if (!known) bad_argument(app, "unknown option '" + arg + "'");
    }
  }
  if (!p_given) o.p = bsp_nprocs();
  return o;
}

}  // namespace apps
