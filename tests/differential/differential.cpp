// differential: runs random BSP programs on the real library (through
// bsp_interp) and on the reference model, and checks that every process
// observes exactly what the model says.
//
//   differential --programs N [--seed S] [--max-nprocs P]    random legal programs
//                [--teams]                                   with random nested teams
//   differential --replay-seed S [--max-nprocs P]            one of them again
//   differential --program FILE                              a saved program
//   differential --misuse N [--seed S] [--max-nprocs P]      N programs per misuse kind
//   differential --faults N [--seed S] [--max-nprocs P]      N programs per fault kind
//
// Options: --min-nprocs P (fewest processes; default 1, so --min-nprocs 64
// --max-nprocs 64 forces p = 64), --max-supersteps S, --max-ops K (program shape; the defaults are
// 6 supersteps and 10 free operations per process and superstep),
// --interp PATH (default: bsp_interp beside this program),
// --batch B (programs per library run), --no-shrink, --save-dir DIR.
// Exit status 0 when everything matched.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "fault_campaign.hpp"
#include "interp_runner.hpp"
#include "shrink.hpp"

namespace sd = superstep::differential;
namespace sm = superstep::model;

namespace {

struct Options {
  sd::InterpConfig config;
  std::uint64_t seed = 1;
  long programs = 0;
  long misuse = 0;
  long faults = 0;
  std::optional<std::uint64_t> replay_seed;
  std::string program_file;
  int batch = 200;
  bool shrink = true;
  std::string save_dir = ".";
  double fault_deadline = 2.0;
};

[[noreturn]] void usage(const std::string& why) {
  std::fprintf(
      stderr,
      "differential: %s\n"
      "usage: differential (--programs N | --replay-seed S | --program FILE | --misuse N "
      "| --faults N)\n"
      "       [--seed S] [--min-nprocs P] [--max-nprocs P] [--max-supersteps S] [--max-ops K]\n"
      "       [--teams]\n"
      "       [--interp PATH] [--batch B] [--no-shrink]\n"
      "       [--save-dir DIR] [--fault-deadline SECONDS]\n",
      why.c_str());
  std::exit(2);
}

std::string replay_command(const Options& options, std::uint64_t seed) {
  const sd::GeneratorOptions& g = options.config.generator;
  return "differential --replay-seed " + std::to_string(seed) + " --min-nprocs " +
         std::to_string(g.min_nprocs) + " --max-nprocs " + std::to_string(g.max_nprocs) +
         " --max-supersteps " + std::to_string(g.max_supersteps) + " --max-ops " +
         std::to_string(g.max_ops) + (g.teams ? " --teams" : "") + " --interp " +
         sd::shell_quote(options.config.interp_path);
}

// A program failed: show why, shrink it, save the small one, say how to replay.
void report_failure(const Options& options, const sm::Program& program,
                    const sd::Mismatch& mismatch) {
  std::printf("MISMATCH in program seed %llu (p = %d, %zu supersteps, %zu operations):\n%s\n",
              static_cast<unsigned long long>(program.seed), program.nprocs,
              program.supersteps.size(), program.op_count(), mismatch.what.c_str());
  std::printf("replay: %s\n", replay_command(options, program.seed).c_str());
  sm::Program smallest = program;
  if (options.shrink) {
    smallest = sd::shrink_program(
        program,
        [&](const sm::Program& candidate) {
          return sd::check_program(options.config, candidate, false).has_value();
        },
        2000);
    std::printf("shrunk to %zu supersteps, %zu operations\n", smallest.supersteps.size(),
                smallest.op_count());
  }
  if (std::optional<sd::Mismatch> detail = sd::check_program(options.config, smallest, true))
    std::printf("%s\n", detail->what.c_str());
  std::string file =
      options.save_dir + "/differential-failure-" + std::to_string(program.seed) + ".txt";
  std::ofstream out(file);
  sm::write_program(out, smallest);
  std::printf("saved: %s\nrun it: differential --program %s --interp %s\n", file.c_str(),
              file.c_str(), sd::shell_quote(options.config.interp_path).c_str());
  std::printf("%s", sm::program_to_text(smallest).c_str());
}

// Runs programs of one process count in batches; false (after reporting) on
// the first failure.
bool run_group(const Options& options, int nprocs, const std::vector<sm::Program>& programs,
               long* passed) {
  for (std::size_t first = 0; first < programs.size();
       first += static_cast<std::size_t>(options.batch)) {
    std::size_t end = std::min(programs.size(), first + static_cast<std::size_t>(options.batch));
    std::vector<std::uint64_t> seeds;
    for (std::size_t i = first; i < end; ++i) seeds.push_back(programs[i].seed);
    sd::InterpRun run = sd::run_seeds(options.config, seeds, nprocs, false);
    for (std::size_t i = first; i < end; ++i) {
      std::optional<sd::Mismatch> mismatch =
          sd::compare_logs(programs[i], run.logs[i - first], false);
      if (mismatch) {
        if (run.outcome.failed())
          mismatch->what += "\n  the batch ended with " + run.outcome.describe_end() +
                            "; stderr:\n" + run.outcome.stderr_text;
        std::printf("%ld programs passed before this one\n", *passed);
        report_failure(options, programs[i], *mismatch);
        return false;
      }
      ++*passed;
    }
    if (run.outcome.failed() || !run.all_done) {
      std::printf("all programs of a batch at p = %d matched, but it ended with %s:\n%s\n", nprocs,
                  run.outcome.describe_end().c_str(), run.outcome.stderr_text.c_str());
      return false;
    }
  }
  return true;
}

int run_random_programs(const Options& options) {
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  std::printf("differential: %ld programs from seed %llu, p = %d..%d\n", options.programs,
              static_cast<unsigned long long>(options.seed), options.config.generator.min_nprocs,
              options.config.generator.max_nprocs);
  // Programs are generated a chunk at a time (memory stays small for long
  // campaigns), grouped by process count, and run in batches.
  constexpr long kChunk = 4000;
  std::map<int, long> per_nprocs;
  std::map<sm::OpKind, long> per_kind;
  long passed = 0;
  double last_report = 0;
  for (long chunk = 0; chunk < options.programs; chunk += kChunk) {
    std::map<int, std::vector<sm::Program>> by_nprocs;
    for (long i = chunk; i < std::min(options.programs, chunk + kChunk); ++i) {
      sm::Program program = sd::generate_program(options.seed + static_cast<std::uint64_t>(i),
                                                 options.config.generator);
      for (const sm::Superstep& step : program.supersteps)
        for (const auto& ops : step.ops)
          for (const sm::Op& op : ops) ++per_kind[op.kind];
      ++per_nprocs[program.nprocs];
      by_nprocs[program.nprocs].push_back(std::move(program));
    }
    for (const auto& [nprocs, programs] : by_nprocs)
      if (!run_group(options, nprocs, programs, &passed)) return 1;
    if (elapsed() - last_report > 60 && passed < options.programs) {
      last_report = elapsed();
      std::printf("  ... %ld programs matched (%.0f s)\n", passed, elapsed());
    }
  }
  long ops = 0;
  for (const auto& [kind, n] : per_kind) ops += n;
  std::printf("differential: all %ld programs (%ld operations) matched the model in %.1f s\n",
              passed, ops, elapsed());
  std::printf("  programs per process count:");
  for (const auto& [nprocs, n] : per_nprocs) std::printf(" p=%d: %ld", nprocs, n);
  std::printf("\n  operations per kind:");
  for (const auto& [kind, n] : per_kind) std::printf(" %s: %ld", sm::op_name(kind), n);
  std::printf("\n");
  return 0;
}

int check_one(const Options& options, const sm::Program& program) {
  if (std::optional<sd::Mismatch> mismatch = sd::check_program(options.config, program, true)) {
    report_failure(options, program, *mismatch);
    return 1;
  }
  std::printf("program %llu (p = %d): the library matches the model\n",
              static_cast<unsigned long long>(program.seed), program.nprocs);
  return 0;
}

std::string default_interp() {
  std::error_code error;
  std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  return (self.parent_path() / "bsp_interp").string();
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  options.config.interp_path = default_interp();
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage("missing value after " + arg);
      return argv[++i];
    };
    try {
      if (arg == "--programs") {
        options.programs = std::stol(value());
      } else if (arg == "--misuse") {
        options.misuse = std::stol(value());
      } else if (arg == "--faults") {
        options.faults = std::stol(value());
      } else if (arg == "--seed") {
        options.seed = std::stoull(value());
      } else if (arg == "--replay-seed") {
        options.replay_seed = std::stoull(value());
      } else if (arg == "--program") {
        options.program_file = value();
      } else if (arg == "--min-nprocs") {
        options.config.generator.min_nprocs = std::max(1, std::stoi(value()));
      } else if (arg == "--max-nprocs") {
        options.config.generator.max_nprocs = std::stoi(value());
      } else if (arg == "--max-supersteps") {
        options.config.generator.max_supersteps = std::max(1, std::stoi(value()));
      } else if (arg == "--max-ops") {
        options.config.generator.max_ops = std::max(0, std::stoi(value()));
      } else if (arg == "--teams") {
        options.config.generator.teams = true;
      } else if (arg == "--interp") {
        options.config.interp_path = value();
      } else if (arg == "--batch") {
        options.batch = std::max(1, std::stoi(value()));
      } else if (arg == "--no-shrink") {
        options.shrink = false;
      } else if (arg == "--save-dir") {
        options.save_dir = value();
      } else if (arg == "--fault-deadline") {
        options.fault_deadline = std::stod(value());
      } else {
        usage("unknown argument " + arg);
      }
    } catch (const std::exception&) {
      usage("bad value for " + arg);
    }
  }
  if (options.config.generator.min_nprocs > options.config.generator.max_nprocs)
    usage("--min-nprocs is larger than --max-nprocs");
  setvbuf(stdout, nullptr, _IOLBF, 0);
  if (options.replay_seed)
    return check_one(options, sd::generate_program(*options.replay_seed, options.config.generator));
  if (!options.program_file.empty()) {
    std::ifstream in(options.program_file);
    std::string error;
    std::optional<sm::Program> program = sm::parse_program(in, &error);
    if (!program) usage(options.program_file + ": " + error);
    return check_one(options, *program);
  }
  if (options.programs > 0) return run_random_programs(options);
  sd::CampaignConfig campaign{options.config, options.seed, options.fault_deadline,
                              options.save_dir};
  if (options.misuse > 0) return sd::run_misuse_campaign(campaign, options.misuse);
  if (options.faults > 0) return sd::run_fault_campaign(campaign, options.faults);
  usage("nothing to do");
}
