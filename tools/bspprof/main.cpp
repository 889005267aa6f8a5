// bspprof: reads a profile (BSP_PROFILE=FILE or bsprun --profile FILE),
// predicts its run time with the BSP, BSPWB and MPM cost models, and draws it
// (docs/bspprof.md). Exit status: 0, 1 for input it cannot use, 2 for a bad
// command line.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "assessment.hpp"
#include "compare.hpp"
#include "html.hpp"
#include "machine_prediction.hpp"
#include "machine_spec.hpp"
#include "params.hpp"
#include "tables.hpp"
#include "topology.hpp"

namespace bspprof {
namespace {

constexpr const char* kHelp =
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
    "                   time, each model's prediction and error\n"
    "  compare A B      two profiles of the same program side by side\n"
    "  predict FILE     the program's time on a machine bsproute describes (seed\n"
    "                   003), superstep by superstep, beside its measured time\n"
    "\n"
    "Options:\n"
    "  --params P.json  machine parameters from bspprobe's result, at the profile's p\n"
    "                   or the nearest measured (default: the file BSP_PARAMS names,\n"
    "                   else the one the build measured, share/superstep/bspprobe.json)\n"
    "  --g S            g in seconds per 32-bit word (overrides --params)\n"
    "  --l S            l, the cost of a superstep's barrier, in seconds\n"
    "  --L S            L, the start-up of an h-relation (BSPWB, MPM), in seconds\n"
    "  --h-operator max|sum\n"
    "                   h = max(in, out) or in + out (seed 001's @); default: the\n"
    "                   reading that fits the machine better in --params, else max\n"
    "  --json           report as JSON on stdout\n"
    "  --html OUT.html  also write one self-contained page with the pictures\n"
    "  --max-rows N     at most N supersteps in the table (default 60, 0: all)\n"
    "  -h, --help       this help\n"
    "\n"
    "predict's machine (process i on node i; docs/bspprof.md):\n"
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

struct Options {
  std::string command;
  std::vector<std::string> files;
  std::string params, html;
  std::optional<double> g, l, L;
  std::optional<HOperator> op;
  bool json = false;
  std::size_t max_rows = 60;
  Machine machine;
};

[[noreturn]] void bad_usage(const std::string& what) {
  std::fprintf(stderr, "bspprof: %s\nRun 'bspprof --help' for the usage.\n", what.c_str());
  std::exit(2);
}

double seconds(const std::string& name, const char* text) {
  char* end = nullptr;
  double v = std::strtod(text, &end);
  if (end == text || *end || !(v >= 0))
    bad_usage(name + " needs a number of seconds, not '" + text + "'");
  return v;
}

double positive(const std::string& name, const char* text) {
  char* end = nullptr;
  double v = std::strtod(text, &end);
  if (end == text || *end || !(v > 0) || !std::isfinite(v))
    bad_usage(name + " needs a positive number, not '" + text + "'");
  return v;
}

int whole(const std::string& name, const char* text, int least) {
  char* end = nullptr;
  long v = std::strtol(text, &end, 10);
  if (end == text || *end || v < least || v > 1 << 20)
    bad_usage(name + " needs a whole number from " + std::to_string(least) + ", not '" + text +
              "'");
  return static_cast<int>(v);
}

bsproute::RoutingLaws laws(const char* text) {
  bsproute::RoutingLaws l;
  double* fields[] = {&l.steps_per_h, &l.steps_per_n, &l.busiest_per_h, &l.busiest_per_nh};
  const char* at = text;
  for (int i = 0; i < 4; ++i) {
    char* end = nullptr;
    *fields[i] = std::strtod(at, &end);
    if (end == at || !(*fields[i] >= 0) || *end != (i == 3 ? '\0' : ','))
      bad_usage(std::string("--laws needs four numbers a,b,c,e, not '") + text + "'");
    at = end + 1;
  }
  return l;
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) bad_usage("option " + arg + " needs a value");
      return argv[++i];
    };
    if (arg == "-h" || arg == "--help" || arg == "help") {
      std::fputs(kHelp, stdout);
      std::exit(0);
    } else if (arg == "--params") {
      o.params = value();
    } else if (arg == "--g") {
      o.g = seconds(arg, value());
    } else if (arg == "--l") {
      o.l = seconds(arg, value());
    } else if (arg == "--L") {
      o.L = seconds(arg, value());
    } else if (arg == "--h-operator") {
      std::string v = value();
      if (v != "max" && v != "sum") bad_usage("--h-operator takes max or sum");
      o.op = v == "max" ? HOperator::kMax : HOperator::kSum;
    } else if (arg == "--machine") {
      try {
        apply_machine_spec(value(), o.machine);
      } catch (const MachineSpecError& e) {
        bad_usage(std::string("--machine: ") + e.what());
      }
    } else if (arg == "--n") {
      o.machine.n = whole(arg, value(), 1);
    } else if (arg == "--routing") {
      try {
        o.machine.routing = bsproute::parse_routing(value());
      } catch (const std::invalid_argument& e) {
        bad_usage(e.what());
      }
    } else if (arg == "--B") {
      o.machine.bytes_per_second = positive(arg, value());
    } else if (arg == "--td") {
      o.machine.routing_delay = seconds(arg, value());
    } else if (arg == "--m") {
      o.machine.packet_bytes = whole(arg, value(), 1);
    } else if (arg == "--model") {
      std::string v = value();
      if (v != "fit" && v != "simulate") bad_usage("--model takes fit or simulate");
      o.machine.model = v == "fit" ? MachineModel::kFit : MachineModel::kSimulate;
    } else if (arg == "--laws") {
      o.machine.laws = laws(value());
    } else if (arg == "--seed") {
      o.machine.seed = static_cast<std::uint64_t>(whole(arg, value(), 0));
    } else if (arg == "--json") {
      o.json = true;
    } else if (arg == "--html") {
      o.html = value();
    } else if (arg == "--max-rows") {
      o.max_rows = static_cast<std::size_t>(seconds(arg, value()));
    } else if (!arg.empty() && arg[0] == '-') {
      bad_usage("unknown option '" + arg + "'");
    } else if (o.command.empty()) {
      o.command = arg;
    } else {
      o.files.push_back(arg);
    }
  }
  if (o.command.empty()) bad_usage("say what to do: report FILE, compare A B or predict FILE");
  if (o.command == "report" && o.files.size() != 1) bad_usage("report takes one profile file");
  if (o.command == "compare" && o.files.size() != 2) bad_usage("compare takes two profile files");
  if (o.command == "predict" && o.files.size() != 1) bad_usage("predict takes one profile file");
  if (o.command != "report" && o.command != "compare" && o.command != "predict")
    bad_usage("unknown command '" + o.command + "'; use report, compare or predict");
  return o;
}

// The parameters for this profile: from --params, BSP_PARAMS or the build's
// measurement (params_file.hpp) unless --g and --l alone give them, then
// --g/--l/--L on top.
std::optional<Params> params_for(const Options& o, const Profile& prof) {
  std::optional<Params> par;
  if (!o.params.empty() || !(o.g && o.l)) par = found_params(o.params, prof.nprocs, o.op);
  if (o.g || o.l || o.L) {
    if (!par) {
      if (!(o.g && o.l))
        bad_usage("no bspprobe result found: give --params, or at least --g and --l");
      par = Params{};
      par->L = *o.l;
      par->op = o.op.value_or(HOperator::kMax);
      par->source = "command line";
    } else {
      par->source += "; overridden on the command line";
    }
    if (o.g) par->g = *o.g;
    if (o.l) par->l = *o.l;
    if (o.L) par->L = *o.L;
  }
  return par;
}

void write_file(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  std::ofstream out(tmp, std::ios::binary);
  out << text;
  out.close();
  if (!out || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw InputError("cannot write " + path);
  }
}

int run(const Options& o) {
  const HOperator op = o.op.value_or(HOperator::kMax);
  if (o.command == "compare") {
    Profile a = load_profile(o.files[0]), b = load_profile(o.files[1]);
    std::optional<Params> pa = params_for(o, a), pb = params_for(o, b);
    Assessment x = assess(a, pa, pa ? pa->op : op), y = assess(b, pb, pb ? pb->op : op);
    std::fputs(compare_text(x, y, o.max_rows).c_str(), stdout);
    return 0;
  }
  Profile prof = load_profile(o.files[0]);
  if (o.command == "predict") {
    Machine machine = o.machine;
    if (o.l) machine.l = *o.l;
    std::fputs(machine_report(predict_on_machine(prof, machine), o.max_rows).c_str(), stdout);
    return 0;
  }
  std::optional<Params> par = params_for(o, prof);
  Assessment a = assess(prof, par, par ? par->op : op);
  const std::string text = report_text(a, o.max_rows);
  if (!o.html.empty()) write_file(o.html, render_html(a, report_text(a, 0)));
  std::fputs(o.json ? report_json(a).c_str() : text.c_str(), stdout);
  if (!prof.complete)
    std::fprintf(stderr, "bspprof: %s is incomplete: the program stopped before bsp_end\n",
                 prof.source.c_str());
  return 0;
}

}  // namespace
}  // namespace bspprof

int main(int argc, char** argv) {
  bspprof::Options o = bspprof::parse(argc, argv);
  try {
    return bspprof::run(o);
  } catch (const bspprof::InputError& e) {
    std::fprintf(stderr, "bspprof: %s\n", e.what());
    return 1;
  }
}
