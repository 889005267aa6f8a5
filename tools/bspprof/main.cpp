// bspprof: reads a profile (BSP_PROFILE=FILE or bsprun --profile FILE),
// predicts its run time with the BSP, BSPWB and MPM cost models, and draws it
// (docs/bspprof.md). Exit status: 0, 1 for input it cannot use, 2 for a bad
// command line.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "assessment.hpp"
#include "compare.hpp"
#include "html.hpp"
#include "params.hpp"
#include "tables.hpp"

namespace bspprof {
namespace {

constexpr const char* kHelp =
    "usage: bspprof report FILE [options]\n"
    "       bspprof compare A B [options]\n"
    "\n"
    "Reads a profile written by a Superstep program run with BSP_PROFILE=FILE or\n"
    "'bsprun --profile FILE', and holds the BSP, BSPWB and MPM cost models (Roda et\n"
    "al. 1999) against what happened, superstep by superstep.\n"
    "\n"
    "  report FILE      a table per superstep and a summary: W (max w), imbalance\n"
    "                   (max/mean w), h, waiting and moving in bsp_sync, measured\n"
    "                   time, each model's prediction and error\n"
    "  compare A B      two profiles of the same program side by side\n"
    "\n"
    "Options:\n"
    "  --params P.json  machine parameters from bspprobe's result, at the profile's p\n"
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
  if (o.command.empty()) bad_usage("say what to do: report FILE, or compare A B");
  if (o.command == "report" && o.files.size() != 1) bad_usage("report takes one profile file");
  if (o.command == "compare" && o.files.size() != 2) bad_usage("compare takes two profile files");
  if (o.command != "report" && o.command != "compare")
    bad_usage("unknown command '" + o.command + "'; use report or compare");
  return o;
}

// The parameters for this profile: from --params, then --g/--l/--L on top.
std::optional<Params> params_for(const Options& o, const Profile& prof) {
  std::optional<Params> par;
  if (!o.params.empty()) par = params_from_probe(o.params, prof.nprocs, o.op);
  if (o.g || o.l || o.L) {
    if (!par) {
      if (!(o.g && o.l)) bad_usage("without --params, give at least --g and --l");
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
