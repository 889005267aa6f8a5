#include "options.hpp"

#include <bsp.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>
#include <sstream>

#include "command_line.hpp"

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
  std::fprintf(stderr, "%s\n", toolkit::usage_error_line(app.name, message).c_str());
  std::exit(toolkit::kExitUsage);
}

namespace {

using toolkit::UsageError;

constexpr long long kMaxProcs = 1 << 20;
constexpr long long kMaxIterations = 1000000;

std::string help_text(const AppInfo& app) {
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
      << "                      predicts with this machine's g and l beside the measured one,\n"
      << "                      and the error (predicted - measured) / measured\n"
      << "  -h, --help          this text\n"
      << "  -V, --version       print the version and exit\n";
  if (!app.notes.empty()) out << "\n" << app.notes << "\n";
  return out.str();
}

// --name CHOICE: the value must be one of the option's choices.
void parse_choice(ChoiceOption& c, const std::string& text) {
  std::string names;
  for (const std::string& v : c.choices) {
    if (v == text) {
      c.value = text;
      return;
    }
    names += (names.empty() ? "" : ", ") + v;
  }
  throw UsageError("--" + c.name + " must be one of " + names + ", not '" + text + "'");
}

long long parse_integer(const std::string& option, const std::string& text) {
  errno = 0;
  char* end = nullptr;
  const long long v = std::strtoll(text.c_str(), &end, 0);
  if (text.empty() || *end != '\0' || errno == ERANGE)
    throw UsageError(option + " needs an integer, not '" + text + "'");
  return v;
}

// An integer option in [least, most]; what names it in the messages.
void add_integer(CLI::App& app, const std::string& names, const std::string& what, long long least,
                 long long most, std::function<void(long long)> store) {
  const std::string option = names.substr(0, names.find(','));
  app.add_option_function<std::string>(names, [=](const std::string& text) {
    const long long v = parse_integer(option, text);
    if (v < least)
      throw UsageError(
          what + " must be " +
          (least == 0 ? std::string("0 or more") : "at least " + std::to_string(least)) + ", not " +
          std::to_string(v));
    if (v > most)
      throw UsageError(what + " must be at most " + std::to_string(most) + ", not " +
                       std::to_string(v));
    store(v);
  });
}

// An option the app refuses because its class fixes the input (the NAS benchmarks).
void add_refused(CLI::App& app, const std::string& names) {
  const std::string option = names.substr(0, names.find(','));
  app.add_option_function<std::string>(names, [option](const std::string&) {
    throw UsageError(option + " does not apply: the class fixes the input");
  });
}

void add_options(CLI::App& cli, Options& o, bool fixed_input) {
  if (fixed_input) {
    add_refused(cli, "-n,--size");
    add_refused(cli, "--seed");
  } else {
    add_integer(cli, "-n,--size", "the size", 1, LLONG_MAX, [&o](long long v) { o.n = v; });
    add_integer(cli, "--seed", "the seed", 0, LLONG_MAX,
                [&o](long long v) { o.seed = static_cast<unsigned long long>(v); });
  }
  add_integer(cli, "-p,--procs", "the number of processes", 1, kMaxProcs,
              [&o](long long v) { o.p = static_cast<int>(v); });
  add_integer(cli, "--iterations", "the iterations", 1, kMaxIterations,
              [&o](long long v) { o.iterations = static_cast<int>(v); });
  cli.add_option("--params", o.params);
  for (ChoiceOption& c : o.choices)
    cli.add_option_function<std::string>("--" + c.name,
                                         [&c](const std::string& text) { parse_choice(c, text); });
  for (ExtraOption& e : o.extras) {
    cli.add_option_function<std::string>("--" + e.name, [&e](const std::string& text) {
      const std::optional<double> v = toolkit::decimal_number(text);
      if (!v) throw UsageError("--" + e.name + " needs a number, not '" + text + "'");
      e.value = *v;
    });
  }
}

}  // namespace

Options parse_options(const AppInfo& app, int argc, char** argv) {
  Options o;
  o.n = app.default_n;
  o.iterations = app.default_iterations;
  o.extras = app.extras;
  o.choices = app.choices;
  toolkit::CommandLine line(app.name, help_text(app));
  add_options(line.app(), o, app.fixed_input);
  if (const std::optional<toolkit::Stop> stop = line.parse({argv + 1, argv + argc}))
    std::exit(toolkit::finish(*stop));
  if (o.p == 0) o.p = bsp_nprocs();
  return o;
}

}  // namespace apps
