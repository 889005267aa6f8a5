#include "interp_runner.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "reference_model.hpp"

namespace superstep::differential {
namespace {

namespace fs = std::filesystem;

// A fresh directory for one run's observation files, removed afterwards.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "superstep-interp-XXXXXX").string();
    if (!mkdtemp(pattern.data())) {
      std::perror("mkdtemp");
      std::exit(2);
    }
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

InterpRun run(const InterpConfig& config, std::vector<std::string> args, int nprocs,
              std::size_t nprograms, bool full, bool check_leftovers, const TempDir& dir) {
  args.insert(args.begin(), config.interp_path);
  args.push_back("--out");
  args.push_back(dir.path());
  if (full) args.push_back("--full");
  RunRequest request{args, nprocs, config.deadline_seconds, check_leftovers};
  InterpRun result;
  result.outcome = run_spmd(request);
  result.logs.assign(nprograms, std::vector<model::ProcessLog>(static_cast<std::size_t>(nprocs)));
  result.all_done = true;
  for (int q = 0; q < nprocs; ++q) {
    std::ifstream in(dir.path() + "/obs." + std::to_string(q));
    std::string line;
    int program = -1;
    bool done = false;
    while (std::getline(in, line)) {
      if (line.rfind("program ", 0) == 0) {
        ++program;
      } else if (line == "done") {
        done = true;
      } else if (program >= 0 && program < static_cast<int>(nprograms)) {
        result.logs[static_cast<std::size_t>(program)][static_cast<std::size_t>(q)].push_back(line);
      }
    }
    if (!done) result.all_done = false;
  }
  return result;
}

// For two full-memory lines ("sN mem B <hex>") that differ: where, not the
// whole buffer twice.
std::string memory_difference(const std::string& want, const std::string& got) {
  std::size_t hex_at = want.rfind(' ') + 1;
  if (want.find(" mem ") == std::string::npos || got.rfind(' ') + 1 != hex_at ||
      want.compare(0, hex_at, got, 0, hex_at) != 0 || want.size() != got.size() ||
      want.size() - hex_at <= 64)
    return "\n  model:   " + want + "\n  library: " + got;
  std::size_t first = hex_at, last = want.size(), differing = 0;
  for (std::size_t i = hex_at; i + 1 < want.size(); i += 2)
    if (want.compare(i, 2, got, i, 2) != 0) {
      if (differing++ == 0) first = i;
      last = i;
    }
  std::size_t from = first >= hex_at + 16 ? first - 16 : hex_at;
  std::size_t to = std::min(want.size(), last + 18);
  return "\n  " + want.substr(0, hex_at) + ": " + std::to_string(differing) +
         " bytes differ, from byte " + std::to_string((first - hex_at) / 2) + " to byte " +
         std::to_string((last - hex_at) / 2) + "; bytes " + std::to_string((from - hex_at) / 2) +
         ".." + std::to_string((to - hex_at) / 2 - 1) +
         ":\n  model:   " + want.substr(from, to - from) +
         "\n  library: " + got.substr(from, to - from);
}

}  // namespace

std::string shell_quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

InterpRun run_seeds(const InterpConfig& config, const std::vector<std::uint64_t>& seeds, int nprocs,
                    bool full) {
  std::string list;
  for (std::uint64_t seed : seeds) list += (list.empty() ? "" : ",") + std::to_string(seed);
  TempDir dir;
  const GeneratorOptions& g = config.generator;
  std::vector<std::string> args = {"--seeds",          list,
                                   "--min-nprocs",     std::to_string(g.min_nprocs),
                                   "--max-nprocs",     std::to_string(g.max_nprocs),
                                   "--max-supersteps", std::to_string(g.max_supersteps),
                                   "--max-ops",        std::to_string(g.max_ops)};
  if (g.teams) args.push_back("--teams");
  return run(config, args, nprocs, seeds.size(), full, false, dir);
}

InterpRun run_program(const InterpConfig& config, const model::Program& program, bool full,
                      bool check_leftovers) {
  TempDir dir;
  std::string file = dir.path() + "/program.txt";
  {
    std::ofstream out(file);
    model::write_program(out, program);
  }
  return run(config, {"--program", file}, program.nprocs, 1, full, check_leftovers, dir);
}

std::optional<Mismatch> compare_logs(const model::Program& program,
                                     const std::vector<model::ProcessLog>& observed, bool full) {
  model::ModelResult expected = model::run_model(program, model::ModelOptions{full});
  if (expected.stop)
    return Mismatch{"the program is not legal for the model: " + describe(*expected.stop)};
  for (std::size_t q = 0; q < expected.logs.size(); ++q) {
    const model::ProcessLog& want = expected.logs[q];
    const model::ProcessLog& got = observed[q];
    for (std::size_t i = 0; i < std::max(want.size(), got.size()); ++i) {
      std::string w = i < want.size() ? want[i] : "(nothing more)";
      std::string g = i < got.size() ? got[i] : "(nothing more)";
      if (w != g)
        return Mismatch{"process " + std::to_string(q) + ", observation " + std::to_string(i) +
                        ":" + memory_difference(w, g)};
    }
  }
  return std::nullopt;
}

std::optional<Mismatch> check_program(const InterpConfig& config, const model::Program& program,
                                      bool full) {
  InterpRun run = run_program(config, program, full);
  std::optional<Mismatch> mismatch = compare_logs(program, run.logs.front(), full);
  if (!mismatch && (run.outcome.failed() || !run.all_done))
    mismatch =
        Mismatch{"the observations match, but the run ended with " + run.outcome.describe_end()};
  if (mismatch && (run.outcome.failed() || !run.outcome.stderr_text.empty()))
    mismatch->what += "\n  run ended with " + run.outcome.describe_end() + "; stderr:\n" +
                      run.outcome.stderr_text;
  return mismatch;
}

}  // namespace superstep::differential
