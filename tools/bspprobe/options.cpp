#include "options.hpp"

#include <algorithm>
#include <climits>

#include "superstep_internal/bsp_params.hpp"

namespace bspprobe {

namespace {

using toolkit::UsageError;

// "1,2,4,8" -> {1, 2, 4, 8}, sorted, without repeats.
std::vector<int> parse_procs(const std::string& text) {
  std::vector<int> procs;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    long p = 0;
    if (!toolkit::whole_number_in(text.substr(start, comma - start), 1, kMaxProcs, p))
      throw UsageError("--procs needs a comma-separated list of process counts between 1 and " +
                       std::to_string(kMaxProcs) + ", got '" + text + "'");
    procs.push_back(static_cast<int>(p));
    start = comma + 1;
  }
  std::sort(procs.begin(), procs.end());
  procs.erase(std::unique(procs.begin(), procs.end()), procs.end());
  return procs;
}

long whole(const std::string& name, const std::string& text, long lo, long hi,
           const std::string& unit = "") {
  long v = 0;
  if (!toolkit::whole_number_in(text, lo, hi, v))
    throw UsageError(name + " needs a whole number" + unit + " between " + std::to_string(lo) +
                     " and " + std::to_string(hi) + ", got '" + text + "'");
  return v;
}

// Options that take a file or a name: a value that may not be empty (--plot may).
// `given`, where not null, records that the option was given.
void add_text(CLI::App& app, const std::string& name, std::string& value, bool may_be_empty,
              bool* given = nullptr) {
  app.add_option_function<std::string>(name, [&value, name, may_be_empty, given](const std::string& v) {
    if (v.empty() && !may_be_empty) throw UsageError(name + " needs a non-empty value");
    value = v;
    if (given) *given = true;
  });
}

}  // namespace

std::vector<int> powers_of_two_up_to(int max_p) {
  std::vector<int> out;
  for (int p = 1; p < max_p; p *= 2) out.push_back(p);
  if (max_p >= 1) out.push_back(max_p);
  return out;
}

ParsedOptions parse_options(const std::vector<std::string>& args, int available_procs) {
  ParsedOptions result;
  Options& o = result.options;
  long max_p = 0, max_words = 0, tries = 0;
  toolkit::CommandLine line("bspprobe", usage_text());
  CLI::App& app = line.app();
  app.add_flag("--quick", o.quick);
  app.add_flag_callback("--quiet", [&o] { o.progress = false; });
  app.add_option_function<std::string>("--procs",
                                       [&o](const std::string& v) { o.procs = parse_procs(v); });
  app.add_option_function<std::string>(
      "--max-p", [&max_p](const std::string& v) { max_p = whole("--max-p", v, 1, kMaxProcs); });
  app.add_option_function<std::string>("--max-words", [&max_words](const std::string& v) {
    max_words = whole("--max-words", v, kMinMaxWords, INT_MAX / 4, " of 32-bit words");
  });
  app.add_flag("--save", o.save);
  app.add_option_function<std::string>(
      "--tries", [&tries](const std::string& v) { tries = whole("--tries", v, 1, kMaxTries); });
  bool output_given = false, plot_given = false;
  add_text(app, "--output", o.output, false, &output_given);
  add_text(app, "--plot", o.plot, true, &plot_given);
  add_text(app, "--machine", o.machine, false);
  add_text(app, "--from", o.from, false);
  app.add_option_function<std::string>("--measure-p", [&o](const std::string& v) {
    o.measure_p = static_cast<int>(whole("--measure-p", v, 1, kMaxProcs));
  });  // internal: the probe runs itself so at each p
  if ((result.stop = line.parse(args))) return result;
  if (max_p != 0 && !o.procs.empty()) {
    result.stop = line.usage_error("give either --procs or --max-p, not both");
    return result;
  }
  if (o.save) {
    if (output_given) {
      result.stop = line.usage_error("--save writes where the library looks; give --save or --output");
      return result;
    }
    o.output = superstep::saved_params_path();
    if (o.output.empty()) {
      result.stop = line.usage_error("--save needs HOME or XDG_DATA_HOME to find your data folder");
      return result;
    }
    o.quick = true;
    if (!plot_given) o.plot = "";
    if (o.procs.empty() && max_p == 0) o.procs = kSavedProcs;
  }
  o.tries = tries != 0 ? static_cast<int>(tries) : o.quick ? 3 : 1;
  if (o.procs.empty()) {
    if (max_p == 0) max_p = std::max(1, o.quick ? std::min(4, available_procs) : available_procs);
    o.procs = powers_of_two_up_to(static_cast<int>(max_p));
  }
  o.max_words = max_words != 0 ? max_words : o.quick ? kQuickMaxWords : kDefaultMaxWords;
  return result;
}

std::string usage_text() {
  return R"(Usage: bspprobe [options]

Measures this machine's BSP parameters as Hill et al. (1998) measure theirs:
s (computing rate, flop/s), l (cost of an empty superstep) and g (cost per
32-bit word of an h-relation, for a local cyclic shift and a global total
exchange), for p = 1, 2, 4, ... processes. It also times the five patterns of
Roda et al. (1999): exchange, ping-pong, one to all, all to one and all to all,
at equal h, and shows how far each deviates from the h-relation hypothesis,
and the total exchange in 16-byte puts landing p apart (as an FFT's permutation).

Prints a table, writes the results as JSON and a plot of time against h as SVG.
A full probe takes a few minutes; --quick finishes in under 30 seconds.

Options:
  --quick            fewer sizes and repetitions; at most p = 4 by default
  --procs LIST       process counts to measure, e.g. 1,2,4,8
  --max-p P          measure p = 1, 2, 4, ... up to P, and P itself
                     (default: bsp_nprocs(), i.e. $BSP_NPROCS or the processor count)
  --max-words N      largest h-relation in 32-bit words
                     (default 4194304; 1048576 with --quick)
  --output FILE      JSON result file (default bspprobe.json)
  --save             measure quickly at p = 1, 2, 4 and 8 and keep the result where
                     the library's collectives and bspprof look first, your data
                     folder ($XDG_DATA_HOME/superstep/bspprobe.json, else
                     ~/.local/share/superstep/bspprobe.json): run it once on a
                     quiet machine and every prediction uses it, no flag needed
  --tries N          measure up to N times while other programs keep the
                     processors busy, and keep the quietest measurement
                     (default 3 with --quick or --save, else 1)
  --plot FILE        SVG plot of time against h (default bspprobe.svg; "" for none)
  --machine NAME     machine name for the table and the JSON (default: CPU model)
  --from FILE        measure nothing: print the table and write the plot of an
                     earlier result file
  --quiet            no progress messages on stderr
  -h, --help         this text
  -V, --version      print the version and exit

Processes beyond the processor count are oversubscribed; their figures are
measured and reported all the same, and the table marks them.
)";
}

}  // namespace bspprobe
