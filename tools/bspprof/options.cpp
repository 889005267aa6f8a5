#include "options.hpp"

#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "machine_spec.hpp"
#include "topology.hpp"

namespace bspprof {
namespace {

using toolkit::UsageError;

const char* const kHelp =
    "usage: bspprof report FILE [options]\n"
    "       bspprof compare A B [options]\n"
    "       bspprof predict FILE [--machine T] [--n N] [--model fit|simulate] [options]\n"
    "\n"
    "Reads a profile written by a Superstep program run with BSP_PROFILE=FILE or\n"
    "'bsprun --profile FILE', and holds the BSP, BSPWB and MPM cost models (Roda et\n"
    "al. 1999) against what happened, superstep by superstep.\n"
    "\n"
    "  report FILE      a table per superstep and a summary: W (max w), imbalance\n"
    "                   (max/mean w), h, waiting and moving in bsp_sync, measured\n"
    "                   time, each model's prediction and error; then a row per team\n"
    "                   (bsp_team_begin) and each team's table, predicted with the\n"
    "                   parameters for its number of processes\n"
    "  compare A B      two profiles of the same program side by side\n"
    "  predict FILE     the program's time superstep by superstep, beside its\n"
    "                   measured time: on this machine, with the parameters bspprobe\n"
    "                   measured (as report finds them, or --params), by the BSP\n"
    "                   model; with --machine (or another option of the machine\n"
    "                   below), on a network bsproute describes (the routers of\n"
    "                   Juurlink and Wijshoff 1993)\n"
    "\n"
    "Options:\n"
    "  --params P.json  machine parameters from bspprobe's result, at the profile's p\n"
    "                   or the nearest measured (default: the file BSP_PARAMS names,\n"
    "                   else the one the build measured, share/superstep/bspprobe.json)\n"
    "  --g S            g in seconds per 32-bit word (overrides --params)\n"
    "  --l S            l, the cost of a superstep's barrier, in seconds\n"
    "  --L S            L, the start-up of an h-relation (BSPWB, MPM), in seconds\n"
    "  --h-operator max|sum\n"
    "                   h = max(in, out) or in + out (the @ operator of Roda et al.\n"
    "                   1999); default: the reading that fits the machine better\n"
    "                   in --params, else max\n"
    "  --json           report as JSON on stdout\n"
    "  --html OUT.html  also write one self-contained page with the pictures\n"
    "  --max-rows N     at most N supersteps in the table (default 60, 0: all)\n"
    "  -h, --help       this help\n"
    "  -V, --version    print the version and exit\n"
    "\n"
    "predict's network, when one is wanted (process i on node i; docs/bspprof.md):\n"
    "  --machine T[:K=V,...]  hypercube (default), torus or crossbar of N = 2^n nodes,\n"
    "                   optionally with its parameters, e.g.\n"
    "                   hypercube:n=6,B=20MB/s,td=400ns,m=8 (keys n, B, td, m, routing;\n"
    "                   the options below set the same)\n"
    "  --n N            dimension (default: the smallest with 2^n >= p)\n"
    "  --routing R      paper (default), valiant or dimension-order\n"
    "  --B BYTES        link bandwidth in bytes per second (default 0.625e6)\n"
    "  --td S           routing delay t_d in seconds (default 14.5e-6)\n"
    "  --m BYTES        packet size (default 8)\n"
    "  --l S            barrier cost per superstep in seconds (default 0)\n"
    "  --model fit      T = (a h + b n) m/B + (c + e n) h t_d (default)\n"
    "  --model simulate bsproute routes each superstep's packets\n"
    "  --laws A,B,C,E   the law's constants (default the paper's 1.22,1.6,1.1,0.7)\n"
    "  --seed S         the simulation's seed (default 1)\n"
    "\n"
    "Exit status: 0; 1 when a file cannot be used (one line on stderr says why);\n"
    "2 for a bad command line. See docs/bspprof.md.\n";

double seconds(const std::string& name, const std::string& text) {
  const std::optional<double> v = toolkit::decimal_number(text);
  if (!v || !(*v >= 0)) throw UsageError(name + " needs a number of seconds, not '" + text + "'");
  return *v;
}

double positive(const std::string& name, const std::string& text) {
  const std::optional<double> v = toolkit::decimal_number(text);
  if (!v || !(*v > 0)) throw UsageError(name + " needs a positive number, not '" + text + "'");
  return *v;
}

long long whole(const std::string& name, const std::string& text, int least) {
  const std::optional<long long> v = toolkit::whole_number(text);
  if (!v || *v < least || *v > 1 << 20)
    throw UsageError(name + " needs a whole number from " + std::to_string(least) + ", not '" +
                     text + "'");
  return *v;
}

bsproute::RoutingLaws laws(const std::string& text) {
  bsproute::RoutingLaws l;
  double* fields[] = {&l.steps_per_h, &l.steps_per_n, &l.busiest_per_h, &l.busiest_per_nh};
  const char* at = text.c_str();
  for (int i = 0; i < 4; ++i) {
    char* end = nullptr;
    *fields[i] = std::strtod(at, &end);
    if (end == at || !(*fields[i] >= 0) || *end != (i == 3 ? '\0' : ','))
      throw UsageError("--laws needs four numbers a,b,c,e, not '" + text + "'");
    at = end + 1;
  }
  return l;
}

// One option that takes a value, handled by set.
template <typename Set>
void add(CLI::App& app, const std::string& name, Set set) {
  app.add_option_function<std::string>(name, set);
}

// The options of report and compare (and --l, --max-rows of all three).
void add_model_options(CLI::App& app, Options& o) {
  app.add_option("--params", o.params);
  add(app, "--g", [&o](const std::string& v) { o.g = seconds("--g", v); });
  add(app, "--l", [&o](const std::string& v) { o.l = seconds("--l", v); });
  add(app, "--L", [&o](const std::string& v) { o.L = seconds("--L", v); });
  add(app, "--h-operator", [&o](const std::string& v) {
    if (v != "max" && v != "sum") throw UsageError("--h-operator takes max or sum");
    o.op = v == "max" ? HOperator::kMax : HOperator::kSum;
  });
  app.add_flag("--json", o.json);
  app.add_option("--html", o.html);
  add(app, "--max-rows", [&o](const std::string& v) {
    o.max_rows = static_cast<std::size_t>(whole("--max-rows", v, 0));
  });
}

// predict's machine.
void add_machine_options(CLI::App& app, Machine& m) {
  add(app, "--machine", [&m](const std::string& v) {
    try {
      apply_machine_spec(v, m);
    } catch (const MachineSpecError& e) {
      throw UsageError(std::string("--machine: ") + e.what());
    }
  });
  add(app, "--n", [&m](const std::string& v) { m.n = static_cast<int>(whole("--n", v, 1)); });
  add(app, "--routing", [&m](const std::string& v) {
    try {
      m.routing = bsproute::parse_routing(v);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
  });
  add(app, "--B", [&m](const std::string& v) { m.bytes_per_second = positive("--B", v); });
  add(app, "--td", [&m](const std::string& v) { m.routing_delay = seconds("--td", v); });
  add(app, "--m",
      [&m](const std::string& v) { m.packet_bytes = static_cast<int>(whole("--m", v, 1)); });
  add(app, "--model", [&m](const std::string& v) {
    if (v != "fit" && v != "simulate") throw UsageError("--model takes fit or simulate");
    m.model = v == "fit" ? MachineModel::kFit : MachineModel::kSimulate;
  });
  add(app, "--laws", [&m](const std::string& v) { m.laws = laws(v); });
  add(app, "--seed",
      [&m](const std::string& v) { m.seed = static_cast<std::uint64_t>(whole("--seed", v, 0)); });
}

const std::vector<toolkit::CommandOption> kCommandOptions = {
    {"--params", "report compare predict"},
    {"--g", "report compare predict"},
    {"--L", "report compare predict"},
    {"--h-operator", "report compare predict"},
    {"--json", "report"},
    {"--html", "report"},
    {"--machine", "predict"},
    {"--n", "predict"},
    {"--routing", "predict"},
    {"--B", "predict"},
    {"--td", "predict"},
    {"--m", "predict"},
    {"--model", "predict"},
    {"--laws", "predict"},
    {"--seed", "predict"},
};

// The command and its files make sense, and every option given is one the command uses.
void check_command(const CLI::App& app, const Options& o) {
  if (o.command.empty())
    throw UsageError("say what to do: report FILE, compare A B or predict FILE");
  const std::size_t files = o.command == "compare" ? 2 : 1;
  if (o.command != "report" && o.command != "compare" && o.command != "predict")
    throw UsageError("unknown command '" + o.command + "'; use report, compare or predict");
  if (o.files.size() != files)
    throw UsageError(o.command +
                     (files == 2 ? " takes two profile files" : " takes one profile file"));
  toolkit::refuse_other_commands_options(app, o.command, kCommandOptions);
}

}  // namespace

std::string usage_text() { return kHelp; }

ParsedOptions parse_options(const std::vector<std::string>& args) {
  ParsedOptions result;
  Options& o = result.options;
  toolkit::CommandLine line("bspprof", kHelp);
  line.app().add_option("command", o.command);
  line.app().add_option("files", o.files);
  add_model_options(line.app(), o);
  add_machine_options(line.app(), o.machine);
  if ((result.stop = line.parse(args))) return result;
  if (o.command == "help") {
    result.stop = toolkit::Stop{0, kHelp};
    return result;
  }
  for (const char* name :
       {"--machine", "--n", "--routing", "--B", "--td", "--m", "--model", "--laws", "--seed"})
    o.machine_given = o.machine_given || line.app().get_option(name)->count() > 0;
  try {
    check_command(line.app(), o);
  } catch (const UsageError& e) {
    result.stop = line.usage_error(e.what());
  }
  return result;
}

}  // namespace bspprof
