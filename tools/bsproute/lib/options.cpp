#include "options.hpp"

#include <algorithm>
#include <charconv>
#include <climits>
#include <iterator>
#include <stdexcept>

#include "topology.hpp"

namespace bsproute {

namespace {

std::string see_help() { return "; see bsproute --help"; }

bool parse_long(const std::string& text, long lo, long hi, long& value) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  const auto [ptr, ec] = std::from_chars(begin, end, value);
  return !text.empty() && ec == std::errc() && ptr == end && value >= lo && value <= hi;
}

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
    if (!parse_long(text.substr(0, dots), lo, hi, a) ||
        !parse_long(text.substr(dots + 2), lo, hi, b) || a > b)
      return false;
    for (long v = a; v <= b; ++v) out.push_back(static_cast<int>(v));
    return true;
  }
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    long v = 0;
    if (!parse_long(text.substr(start, comma - start), lo, hi, v)) return false;
    out.push_back(static_cast<int>(v));
    start = comma + 1;
  }
  return !out.empty();
}

constexpr long kMaxH = 1 << 20;
constexpr long kMaxRuns = 100000;

}  // namespace

ParsedOptions parse_options(const std::vector<std::string>& args) {
  ParsedOptions result;
  Options& o = result.options;
  auto fail = [&](const std::string& what) {
    result.error = what + see_help();
    return result;
  };
  std::size_t i = 0;
  if (!args.empty() && args[0].rfind("-", 0) != 0) {
    const std::string& c = args[0];
    if (c == "run")
      o.command = Command::run;
    else if (c == "fit")
      o.command = Command::fit;
    else if (c == "transputer")
      o.command = Command::transputer;
    else if (c == "efficiency")
      o.command = Command::efficiency;
    else if (c == "help")
      o.help = true;
    else
      return fail("unknown command '" + c + "' (known: run, fit, transputer, efficiency)");
    i = 1;
  }
  bool n_given = false;
  for (; i < args.size(); ++i) {
    const std::string& arg = args[i];
    std::string name = arg, value;
    bool has_value = false;
    if (const std::size_t eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
      has_value = true;
    }
    if (name == "--help" || name == "-h") {
      o.help = true;
      continue;
    }
    if (name == "--no-external-links") {
      o.model.external_links = false;
      continue;
    }
    if (name.rfind("--", 0) != 0) return fail("unexpected argument '" + arg + "'");
    static const char* const kValued[] = {"--topology",     "--n",     "--ns",      "--h",
                                          "--hs",           "--m",     "--routing", "--pattern",
                                          "--service-rate", "--runs",  "--seed",    "--L",
                                          "--td-over-tm",   "--max-n", "--json",    "--svg"};
    if (std::find(std::begin(kValued), std::end(kValued), name) == std::end(kValued))
      return fail("unknown option '" + name + "'");
    if (!has_value) {
      if (i + 1 >= args.size()) return fail(name + " needs a value");
      value = args[++i];
    }
    long v = 0;
    double d = 0;
    try {
      if (name == "--topology") {
        make_topology(value, kMaxDimension - 4);  // checks the name only
        o.topology = value;
      } else if (name == "--n") {
        if (!parse_long(value, 1, kMaxDimension, v))
          return fail("--n needs a whole number between 1 and " + std::to_string(kMaxDimension) +
                      " (N = 2^n nodes), got '" + value + "'");
        o.n = static_cast<int>(v);
        n_given = true;
      } else if (name == "--ns") {
        if (!parse_list(value, 1, kMaxDimension, o.ns))
          return fail("--ns needs dimensions between 1 and " + std::to_string(kMaxDimension) +
                      " as 2,3,4 or 2..7, got '" + value + "'");
      } else if (name == "--h") {
        if (!parse_long(value, 0, kMaxH, v))
          return fail("--h needs a whole number between 0 and " + std::to_string(kMaxH) +
                      ", got '" + value + "'");
        o.h = static_cast<int>(v);
      } else if (name == "--hs") {
        if (!parse_list(value, 1, kMaxH, o.hs))
          return fail("--hs needs values of h between 1 and " + std::to_string(kMaxH) +
                      " as 1,2,4 or 1..8, got '" + value + "'");
      } else if (name == "--m") {
        if (!parse_list(value, 1, 1 << 20, o.ms))
          return fail("--m needs packet sizes in bytes, 1 or more, as 8,16 or 8..64, got '" +
                      value + "'");
      } else if (name == "--routing") {
        o.routing = parse_routing(value);
      } else if (name == "--pattern") {
        o.pattern = parse_pattern(value);
      } else if (name == "--service-rate") {
        if (!parse_double(value, d) || !(d >= 0) || d > 1e6)
          return fail(
              "--service-rate needs routing decisions per step, 0 (unlimited) or more, got '" +
              value + "'");
        o.model.service_rate = d;
      } else if (name == "--runs") {
        if (!parse_long(value, 1, kMaxRuns, v))
          return fail("--runs needs a whole number between 1 and " + std::to_string(kMaxRuns) +
                      ", got '" + value + "'");
        o.runs = static_cast<int>(v);
      } else if (name == "--seed") {
        if (!parse_long(value, 0, LONG_MAX, v))
          return fail("--seed needs a whole number, got '" + value + "'");
        o.seed = static_cast<std::uint64_t>(v);
      } else if (name == "--L") {
        if (!parse_double(value, d) || !(d > 0))
          return fail("--L needs a positive number, got '" + value + "'");
        o.L = d;
      } else if (name == "--td-over-tm") {
        if (!parse_double(value, d) || !(d >= 0))
          return fail("--td-over-tm needs a number, 0 or more, got '" + value + "'");
        o.td_over_tm = d;
      } else if (name == "--max-n") {
        if (!parse_long(value, 1, 30, v))
          return fail("--max-n needs a whole number between 1 and 30, got '" + value + "'");
        o.max_n = static_cast<int>(v);
      } else if (name == "--json") {
        o.json = value;
      } else if (name == "--svg") {
        o.svg = value;
      } else {
        return fail("unknown option '" + name + "'");
      }
    } catch (const std::invalid_argument& e) {
      return fail(e.what());
    }
  }
  if (o.help) return result;
  // The dimension must suit the topology (a torus needs n >= 2, a crossbar n <= 12).
  try {
    if (o.command == Command::run || n_given) make_topology(o.topology, o.n);
    for (int n : o.ns) make_topology(o.topology, n);
  } catch (const std::invalid_argument& e) {
    return fail(e.what());
  }
  if (o.command == Command::run && o.pattern == Pattern::transpose && o.n % 2 != 0)
    return fail("the transpose pattern needs an even n, got n = " + std::to_string(o.n));
  return result;
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
  transputer   section 2.3: application nodes on a shadow hypercube, B = 0.625
               Mbyte/s, t_d = 14.5 us, m = 8..64 bytes, n = 2, 3: the simulated
               T(n,m,h) = a h + b beside the paper's predicted and measured
               fits, and the effective transfer rates rho(n,m,100)
  efficiency   section 3, Figures 4 and 5: the C/t_m needed for efficiency
               E = 0.2, 0.4, 0.6, 0.8 as N grows, with DMA nodes and with
               crossbar nodes

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
  --svg FILE          write a plot (fit, efficiency)
  --L L               instructions per superstep (efficiency; default 20)
  --td-over-tm X      t_d / t_m (efficiency; default 1, as the paper's figures)
  --max-n N           largest n for efficiency (default 10)
  -h, --help          print this text

Exit status: 0 on success, 1 on a run-time failure, 2 on a bad command line.
See docs/bsproute.md.
)";
}

}  // namespace bsproute
