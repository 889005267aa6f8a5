#include "options.hpp"

#include <algorithm>
#include <charconv>
#include <climits>

namespace bspprobe {

namespace {

// A whole number in [lo, hi], or false.
bool parse_integer(const std::string& text, long lo, long hi, long& value) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  const auto [ptr, ec] = std::from_chars(begin, end, value);
  return ec == std::errc() && ptr == end && !text.empty() && value >= lo && value <= hi;
}

std::string see_help() { return "; see bspprobe --help"; }

// "1,2,4,8" -> {1, 2, 4, 8}; on failure returns an error message.
std::string parse_procs(const std::string& text, std::vector<int>& procs) {
  procs.clear();
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    long p = 0;
    if (!parse_integer(item, 1, kMaxProcs, p))
      return "--procs needs a comma-separated list of process counts between 1 and " +
             std::to_string(kMaxProcs) + ", got '" + text + "'" + see_help();
    procs.push_back(static_cast<int>(p));
    start = comma + 1;
  }
  std::sort(procs.begin(), procs.end());
  procs.erase(std::unique(procs.begin(), procs.end()), procs.end());
  return "";
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
  long max_p = 0;
  bool max_words_given = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    // Options that take a value accept "--name VALUE" and "--name=VALUE".
    std::string name = arg, value;
    bool has_value = false;
    if (const std::size_t eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
      has_value = true;
    }
    auto take_value = [&]() -> bool {
      if (has_value) return true;
      if (i + 1 >= args.size()) {
        result.error = name + " needs a value" + see_help();
        return false;
      }
      value = args[++i];
      return true;
    };
    auto no_value = [&]() -> bool {
      if (has_value) result.error = name + " takes no value" + see_help();
      return !has_value;
    };

    if (name == "--help" || name == "-h") {
      if (!no_value()) return result;
      o.help = true;
    } else if (name == "--quick") {
      if (!no_value()) return result;
      o.quick = true;
    } else if (name == "--quiet") {
      if (!no_value()) return result;
      o.progress = false;
    } else if (name == "--procs") {
      if (!take_value()) return result;
      if (std::string e = parse_procs(value, o.procs); !e.empty()) {
        result.error = e;
        return result;
      }
    } else if (name == "--max-p") {
      if (!take_value()) return result;
      if (!parse_integer(value, 1, kMaxProcs, max_p)) {
        result.error = "--max-p needs a whole number between 1 and " + std::to_string(kMaxProcs) +
                       ", got '" + value + "'" + see_help();
        return result;
      }
    } else if (name == "--max-words") {
      if (!take_value()) return result;
      if (!parse_integer(value, kMinMaxWords, INT_MAX / 4, o.max_words)) {
        result.error = "--max-words needs a whole number of 32-bit words between " +
                       std::to_string(kMinMaxWords) + " and " + std::to_string(INT_MAX / 4) +
                       ", got '" + value + "'" + see_help();
        return result;
      }
      max_words_given = true;
    } else if (name == "--output" || name == "--plot" || name == "--machine" || name == "--from") {
      if (!take_value()) return result;
      if (value.empty() && name != "--plot") {
        result.error = name + " needs a non-empty value" + see_help();
        return result;
      }
      (name == "--output"    ? o.output
       : name == "--plot"    ? o.plot
       : name == "--machine" ? o.machine
                             : o.from) = value;
    } else if (name == "--measure-p") {
      long p = 0;
      if (!take_value()) return result;
      if (!parse_integer(value, 1, kMaxProcs, p)) {
        result.error =
            "--measure-p needs a whole number between 1 and " + std::to_string(kMaxProcs);
        return result;
      }
      o.measure_p = static_cast<int>(p);
    } else {
      result.error = "unknown argument '" + arg + "'" + see_help();
      return result;
    }
  }

  if (max_p != 0 && !o.procs.empty()) {
    result.error = "give either --procs or --max-p, not both" + see_help();
    return result;
  }
  if (o.procs.empty()) {
    if (max_p == 0) max_p = std::max(1, o.quick ? std::min(4, available_procs) : available_procs);
    o.procs = powers_of_two_up_to(static_cast<int>(max_p));
  }
  if (!max_words_given) o.max_words = o.quick ? kQuickMaxWords : kDefaultMaxWords;
  return result;
}

std::string usage_text() {
  return R"(Usage: bspprobe [options]

Measures this machine's BSP parameters the way the BSPlib paper's Table 1 does:
s (computing rate, flop/s), l (cost of an empty superstep) and g (cost per
32-bit word of an h-relation, for a local cyclic shift and a global total
exchange), for p = 1, 2, 4, ... processes. It also times the five patterns of
Roda et al. (Exchange, PingPong, OneToAll, AllToOne, AllToAll) at equal h and
shows how far each deviates from the h-relation hypothesis.

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
  --plot FILE        SVG plot of time against h (default bspprobe.svg; "" for none)
  --machine NAME     machine name for the table and the JSON (default: CPU model)
  --from FILE        measure nothing: print the table and write the plot of an
                     earlier result file
  --quiet            no progress messages on stderr
  -h, --help         this text

Processes beyond the processor count are oversubscribed; their figures are
measured and reported all the same, and the table marks them.
)";
}

}  // namespace bspprobe
