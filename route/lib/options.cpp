#include "options.hpp"

#include <algorithm>
#include <climits>
#include <iterator>
#include <stdexcept>

#include "topology.hpp"

namespace bsproute {

namespace {

using toolkit::UsageError;


bool parse_double(const std::string& text, double& value) {
  try {
    std::size_t used = 0;
    value = std::stod(text, &used);
    return used == text.size();
  } catch (const std::exception&) {
    return false;
  }
}

// "2,3,4" or "2..7" -> list; each in [lo, hi].
bool parse_list(const std::string& text, long lo, long hi, std::vector<int>& out) {
  out.clear();
  if (const std::size_t dots = text.find(".."); dots != std::string::npos) {
    long a = 0, b = 0;
    if (!toolkit::whole_number_in(text.substr(0, dots), lo, hi, a) ||
        !toolkit::whole_number_in(text.substr(dots + 2), lo, hi, b) || a > b)
      return false;
    for (long v = a; v <= b; ++v) out.push_back(static_cast<int>(v));
    return true;
  }
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    long v = 0;
    if (!toolkit::whole_number_in(text.substr(start, comma - start), lo, hi, v)) return false;
    out.push_back(static_cast<int>(v));
    start = comma + 1;
  }
  return !out.empty();
}

constexpr long kMaxH = 1 << 20;
constexpr long kMaxRuns = 100000;

const std::vector<toolkit::CommandOption> kCommandOptions = {
    {"--topology", "run fit"},
    {"--n", "run"},
    {"--ns", "fit"},
    {"--h", "run"},
    {"--hs", "fit transputer"},
    {"--m", "transputer"},
    {"--routing", "run fit transputer"},
    {"--pattern", "run fit"},
    {"--service-rate", "run fit"},
    {"--no-external-links", "run fit"},
    {"--runs", "run fit transputer"},
    {"--seed", "run fit transputer"},
    {"--svg", "fit efficiency"},
    {"--L", "efficiency"},
    {"--td-over-tm", "efficiency"},
    {"--max-n", "efficiency"},
};

// Runs check, turning what it throws about a bad name (make_topology, parse_routing,
// parse_pattern) into a usage error.
template <typename Check>
void checked(Check check) {
  try {
    check();
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

const char* command_name(Command c) {
  switch (c) {
    case Command::run:
      return "run";
    case Command::fit:
      return "fit";
    case Command::transputer:
      return "transputer";
    case Command::efficiency:
      return "efficiency";
  }
  return "";
}

Command command_of(const std::string& word) {
  for (Command c : {Command::run, Command::fit, Command::transputer, Command::efficiency})
    if (word == command_name(c)) return c;
  throw UsageError("unknown command '" + word + "' (known: run, fit, transputer, efficiency)");
}

// A whole number option in [lo, hi], stored in value.
template <typename T>
void add_whole(CLI::App& app, const std::string& name, long lo, long hi, const std::string& what,
               T& value) {
  app.add_option_function<std::string>(name, [=, &value](const std::string& text) {
    long v = 0;
    if (!toolkit::whole_number_in(text, lo, hi, v))
      throw UsageError(name + " needs " + what + ", got '" + text + "'");
    value = static_cast<T>(v);
  });
}

// A list option, "2,3,4" or "2..7", each in [lo, hi].
void add_list(CLI::App& app, const std::string& name, long lo, long hi, const std::string& what,
              std::vector<int>& list) {
  app.add_option_function<std::string>(name, [=, &list](const std::string& text) {
    if (!parse_list(text, lo, hi, list))
      throw UsageError(name + " needs " + what + ", got '" + text + "'");
  });
}

// A decimal option; ok says which values are allowed.
void add_decimal(CLI::App& app, const std::string& name, const std::string& what,
                 bool (*ok)(double), double& value) {
  app.add_option_function<std::string>(name, [=, &value](const std::string& text) {
    double d = 0;
    if (!parse_double(text, d) || !ok(d))
      throw UsageError(name + " needs " + what + ", got '" + text + "'");
    value = d;
  });
}

void add_machine_options(CLI::App& app, Options& o) {
  app.add_option_function<std::string>("--topology", [&o](const std::string& v) {
    checked([&] { make_topology(v, kMaxDimension - 4); });  // checks the name only
    o.topology = v;
  });
  const std::string dims = std::to_string(kMaxDimension);
  add_whole(app, "--n", 1, kMaxDimension,
            "a whole number between 1 and " + dims + " (N = 2^n nodes)", o.n);
  add_list(app, "--ns", 1, kMaxDimension, "dimensions between 1 and " + dims + " as 2,3,4 or 2..7",
           o.ns);
  add_whole(app, "--h", 0, kMaxH, "a whole number between 0 and " + std::to_string(kMaxH), o.h);
  add_list(app, "--hs", 1, kMaxH,
           "values of h between 1 and " + std::to_string(kMaxH) + " as 1,2,4 or 1..8", o.hs);
  add_list(app, "--m", 1, 1 << 20, "packet sizes in bytes, 1 or more, as 8,16 or 8..64", o.ms);
  app.add_option_function<std::string>(
      "--routing", [&o](const std::string& v) { checked([&] { o.routing = parse_routing(v); }); });
  app.add_option_function<std::string>(
      "--pattern", [&o](const std::string& v) { checked([&] { o.pattern = parse_pattern(v); }); });
  add_decimal(
      app, "--service-rate", "routing decisions per step, 0 (unlimited) or more",
      [](double d) { return d >= 0 && d <= 1e6; }, o.model.service_rate);
  app.add_flag_callback("--no-external-links", [&o] { o.model.external_links = false; });
}

void add_run_options(CLI::App& app, Options& o) {
  add_whole(app, "--runs", 1, kMaxRuns, "a whole number between 1 and " + std::to_string(kMaxRuns),
            o.runs);
  add_whole(app, "--seed", 0, LONG_MAX, "a whole number", o.seed);
  app.add_option("--json", o.json);
  app.add_option("--svg", o.svg);
  add_decimal(
      app, "--L", "a positive number", [](double d) { return d > 0; }, o.L);
  add_decimal(
      app, "--td-over-tm", "a number, 0 or more", [](double d) { return d >= 0; }, o.td_over_tm);
  add_whole(app, "--max-n", 1, 30, "a whole number between 1 and 30", o.max_n);
}

// The dimension must suit the topology (a torus needs n >= 2, a crossbar n <= 12).
void check_machine(const Options& o) {
  checked([&] {
    if (o.command == Command::run) make_topology(o.topology, o.n);
    for (int n : o.ns) make_topology(o.topology, n);
  });
  if (o.command == Command::run && o.pattern == Pattern::transpose && o.n % 2 != 0)
    throw UsageError("the transpose pattern needs an even n, got n = " + std::to_string(o.n));
}

}  // namespace

ParsedOptions parse_options(const std::vector<std::string>& args, const std::string& tool,
                            const std::string& help, const MoreOptions& more) {
  ParsedOptions result;
  Options& o = result.options;
  toolkit::CommandLine line(tool, help.empty() ? usage_text() : help);
  std::string word = "run";
  line.app().add_option("command", word);
  add_machine_options(line.app(), o);
  add_run_options(line.app(), o);
  if (more) more(line.app());
  if ((result.stop = line.parse(args))) return result;
  if (word == "help") {
    result.stop = toolkit::Stop{0, help.empty() ? usage_text() : help};
    return result;
  }
  try {
    o.command = command_of(word);
    toolkit::refuse_other_commands_options(line.app(), word, kCommandOptions);
    check_machine(o);
  } catch (const UsageError& e) {
    result.stop = line.usage_error(e.what());
  }
  return result;
}

Scenario scenario_of(const Options& o) {
  Scenario s;
  s.topology = o.topology;
  s.n = o.n;
  s.h = o.h;
  s.routing = o.routing;
  s.pattern = o.pattern;
  s.model = o.model;
  return s;
}

std::string usage_text() {
  return R"(Usage: bsproute COMMAND [OPTIONS]

Simulate packet routing of h-relations on a hypercube, a 2-D torus or a full
crossbar of N = 2^n nodes, step by step, as Juurlink and Wijshoff (PODC 1993)
did to derive r(n,h) = 1.22h + 1.6n routing steps and d(n,h) = (1.1 + 0.7n)h
packets through the busiest node; fit those laws to the simulation; redo the
paper's transputer experiment and its efficiency analysis.

Commands:
  run          simulate one configuration --runs times; print each run and the
               means and spreads (default)
  fit          simulate a grid of n and h, fit r(n,h) = a h + b n and
               d(n,h) = (c + e n) h, print them beside the paper's laws
  transputer   the paper's transputer network: application nodes on a shadow
               hypercube, B = 0.625 Mbyte/s, t_d = 14.5 us, m = 8..64 bytes,
               n = 2, 3: the simulated T(n,m,h) = a h + b beside the paper's
               predicted and measured fits, and the bytes per second each
               delivers at h = 100
  efficiency   the paper's efficiency model: the C/t_m a node needs to keep
               an efficiency of 0.2, 0.4, 0.6, 0.8 as the number of nodes
               grows, for nodes with DMA and for nodes joined by a crossbar

Machine and traffic:
  --topology T        hypercube (default), torus or crossbar
  --n N               dimension, N = 2^n nodes (run; default 4)
  --ns LIST           dimensions for fit, as 2,3,4 or 2..7 (default 2..7)
  --h H               packets each node sends and receives (run; default 8)
  --hs LIST           values of h for fit and transputer, as 1,2,4 or 1..8
  --m LIST            packet sizes in bytes for transputer (default 8,16,32,64)
  --routing R         paper (default): random among the links that correct the
                      address; valiant: two phases via a random node, each in
                      dimension order; dimension-order: deterministic
  --pattern P         random (default): random h-relations, each node sends
                      and receives h; uniform: each packet to a random node;
                      transpose; bit-reversal
  --service-rate S    routing decisions a node makes per step (the intra-node
                      delay as a rate); 0 = unlimited (default)
  --no-external-links no application nodes: packets start at, and are taken
                      off, the router nodes themselves

Runs and output:
  --runs K            seeded runs per point (default: run 20, fit 10,
                      transputer 20)
  --seed S            same seed, same result (default 1)
  --json FILE         write the results as JSON
  --svg FILE          write a plot (fit, efficiency; the other commands draw none
                      and refuse it)
  --L L               instructions per superstep (efficiency; default 20)
  --td-over-tm X      t_d / t_m (efficiency; default 1, as the paper's figures)
  --max-n N           largest n for efficiency (default 10)
  -h, --help          print this text
  -V, --version       print the version and exit

Exit status: 0 on success, 1 on a run-time failure, 2 on a bad command line.
See docs/bsproute.md.
)";
}

}  // namespace bsproute
