// bspprobe: measure a machine's BSP parameters s, g, l and test the
// h-relation hypothesis. See docs/bspprobe.md.
//
// The driver measures s and the floors itself, then runs itself once per
// number of processes p with the hidden option --measure-p P: that child calls
// bsp_begin(P), times supersteps and prints raw timings as JSON on stdout.
#include <bsp.h>
#include <sys/resource.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "analysis.hpp"
#include "child_process.hpp"
#include "compute_rate.hpp"
#include "floors.hpp"
#include "host_info.hpp"
#include "measure.hpp"
#include "options.hpp"
#include "probe_plot.hpp"
#include "report.hpp"
#include "result_schema.hpp"
#include "superstep_internal/text_format.hpp"

namespace bspprobe {
namespace {

// Thrown for a failure the user should read about in one line; exit status 1.
class Failure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

void note(const Options& o, const std::string& what) {
  if (o.progress) std::fprintf(stderr, "bspprobe: %s\n", what.c_str());
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) out << text;
  if (!out || !out.flush()) throw Failure("cannot write " + path + ": " + std::strerror(errno));
}

// Collective: the processor time processes 1..p-1 have used, on process 0
// (0 elsewhere). The driver counts it as its own when it judges how busy other
// programs kept the machine: these processes are not its children, so the
// operating system does not add their time to its own.
double workers_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  double mine = static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
                static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
  std::vector<double> all(static_cast<std::size_t>(bsp_nprocs()), 0.0);
  bsp_push_reg(all.data(), static_cast<int>(all.size() * sizeof(double)));
  bsp_sync();
  bsp_put(0, &mine, all.data(), static_cast<int>(bsp_pid() * sizeof(double)), sizeof(double));
  bsp_sync();
  bsp_pop_reg(all.data());
  double workers = 0;
  for (std::size_t q = 1; q < all.size(); ++q) workers += all[q];
  return bsp_pid() == 0 ? workers : 0;
}

// The child: one bsp_begin(p), raw timings on stdout.
int measure_child(const Options& o) {
  const Plan plan = make_plan(o.quick, o.max_words);
  bsp_begin(o.measure_p);
  if (bsp_nprocs() != o.measure_p)
    bsp_abort("bspprobe: asked for %d processes, got %d\n", o.measure_p, bsp_nprocs());
  Json raw = measure_supersteps(plan, o.progress);
  raw["workers_cpu_seconds"] = workers_cpu_seconds();
  bsp_end();  // only process 0 returns
  std::fputs(raw.dump().c_str(), stdout);
  return std::fflush(stdout) == 0 ? 0 : 1;
}

Json measure_at(int p, const Options& o) {
  std::vector<std::string> args = {"--measure-p", std::to_string(p), "--max-words",
                                   std::to_string(o.max_words)};
  if (o.quick) args.push_back("--quick");
  if (!o.progress) args.push_back("--quiet");
  const ChildResult child = run_self(args);
  if (!child.ok) throw Failure("measuring at p = " + std::to_string(p) + " failed: " + child.error);
  try {
    return superstep::parse_json(child.output,
                                 "the output of the measurement at p = " + std::to_string(p));
  } catch (const superstep::JsonSyntaxError& e) {
    throw Failure(e.what());
  }
}

// Table on stdout, plot to its file.
void present(const Json& result, const Options& o) {
  std::fputs(format_report(result).c_str(), stdout);
  if (!o.plot.empty()) {
    write_file(o.plot, render_result_plot(result));
    std::printf("plot: %s\n", o.plot.c_str());
  }
}

// One measurement of the machine: s, the floors, and each p in turn.
struct Measurement {
  MachineInfo info;
  ComputeRate rate;
  Floors floors;
  std::vector<Json> raw;
};

Measurement measure_once(const Options& o) {
  Measurement m;
  MachineInfo& info = m.info;
  info.machine = o.machine.empty() ? cpu_model() : o.machine;
  info.host = host_name();
  info.date = utc_timestamp();
  info.mode = o.quick ? "quick" : "full";
  info.processors = online_processors();
  info.load_before = load_average();
  const OtherPrograms others;
  double workers = 0;  // processor time of the measurements' processes 1..p-1

  const Plan plan = make_plan(o.quick, o.max_words);
  note(o, "s: inner product out of cache, matrix multiply in cache");
  m.rate = measure_compute_rate(plan);
  note(o, "floors: memcpy, two-process barrier");
  m.floors.memcpy_seconds_per_byte = measure_memcpy_seconds_per_byte(plan);
  m.floors.barrier_seconds = measure_barrier_seconds(plan);
  for (int p : o.procs) {
    note(o, "measuring at p = " + std::to_string(p) +
                (p > info.processors ? " (oversubscribed: more processes than processors)" : ""));
    m.raw.push_back(measure_at(p, o));
    workers += m.raw.back().value("workers_cpu_seconds", 0.0);
  }
  info.load_after = load_average();
  info.others_processors = others.processors_used(workers);
  return m;
}

// The result goes aside first and then into place, so that a probe that fails
// leaves no half file where the library and bspprof look (--save).
void write_result(const std::string& path, const std::string& text) {
  if (const std::size_t slash = path.rfind('/'); slash != std::string::npos && slash > 0) {
    std::error_code ignored;
    std::filesystem::create_directories(path.substr(0, slash), ignored);
  }
  const std::string aside = path + ".part";
  write_file(aside, text);
  if (std::rename(aside.c_str(), path.c_str()) != 0) {
    const int err = errno;
    std::remove(aside.c_str());
    throw Failure("cannot write " + path + ": " + std::strerror(err));
  }
}

int probe(const Options& o) {
  // While other programs keep the processors busy, the figures are theirs as
  // much as the machine's: measure again (up to --tries) and keep the quietest.
  Measurement best;
  for (int attempt = 1; attempt <= o.tries; ++attempt) {
    Measurement m = measure_once(o);
    if (attempt == 1 || m.info.others_processors < best.info.others_processors) best = std::move(m);
    best.info.tries = attempt;
    if (best.info.others_processors <= kBusyProcessors) break;
    if (attempt < o.tries)
      note(o, superstep::format("other programs used %.1f processors while it measured: "
                                "measuring again (try %d of %d)",
                                best.info.others_processors, attempt + 1, o.tries));
  }
  const Json result = analyse(best.info, best.rate, best.floors, best.raw);
  write_result(o.output, result.dump(2));
  present(result, o);
  std::printf("results: %s\n", o.output.c_str());
  return 0;
}

int render_from(const Options& o) {
  const Json result = superstep::read_json_file(o.from);  // one line when it is not JSON
  const std::vector<std::string> problems = schema_problems(result);
  if (!problems.empty())
    throw Failure(
        o.from + " is not a bspprobe result: " + problems.front() +
        (problems.size() > 1 ? " (and " + std::to_string(problems.size() - 1) + " more)" : ""));
  present(result, o);
  return 0;
}

int run(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const ParsedOptions parsed = parse_options(args, bsp_nprocs());
  if (parsed.stop) return toolkit::finish(*parsed.stop);
  const Options& o = parsed.options;
  try {
    if (o.measure_p > 0) return measure_child(o);
    if (!o.from.empty()) return render_from(o);
    return probe(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bspprobe: %s\n", e.what());
    return 1;
  }
}

}  // namespace
}  // namespace bspprobe

int main(int argc, char** argv) { return bspprobe::run(argc, argv); }
