// bspcheck: runs a BSP program under the legal choices BSPlib leaves open and
// reports where its result depends on them (bspcheck(1), docs/portable.md).
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <utility>

#include "compare_runs.hpp"
#include "legal_choices.hpp"
#include "options.hpp"
#include "program_run.hpp"

namespace {

using bspcheck::Choice;
using bspcheck::Options;
using bspcheck::RunResult;

// bsprun next to this executable (the build's bin/, an installed bin/), else PATH's.
std::string bsprun_path() {
  char self[4096];
  ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
  if (n > 0) {
    std::string dir(self, static_cast<std::size_t>(n));
    dir.erase(dir.rfind('/') + 1);
    if (::access((dir + "bsprun").c_str(), X_OK) == 0) return dir + "bsprun";
  }
  return "bsprun";
}

// Whether bsprun tags each line with its process (--tag-output: the shm engine's).
bool tagged(const Options& o) {
  return o.launcher.empty() && (o.engine.empty() || o.engine == "shm");
}

std::vector<std::string> command_of(const Options& o) {
  std::vector<std::string> command = o.launcher;
  if (command.empty()) {
    // Tagged, so that each process's lines are compared in their own order
    // whatever order the processes' lines meet in (compare_runs.hpp).
    command = {bsprun_path(), "-n", std::to_string(*o.nprocs)};
    if (tagged(o)) command.push_back("--tag-output");
    if (!o.engine.empty()) command.insert(command.end(), {"--engine", o.engine});
    command.push_back("--");
  }
  command.insert(command.end(), o.program.begin(), o.program.end());
  return command;
}

std::string shell_words(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) {
    if (!out.empty()) out += ' ';
    bool plain = !w.empty() && w.find_first_not_of(
                                   "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                   "0123456789-_./=:,+@") == std::string::npos;
    out += plain ? w : "'" + w + "'";
  }
  return out;
}

void print_findings(std::vector<std::string>& findings) {
  std::sort(findings.begin(), findings.end());
  findings.erase(std::unique(findings.begin(), findings.end()), findings.end());
  for (const std::string& line : findings) std::printf("%s\n", line.c_str());
}

// The runs of one check and what they found.
class Checker {
 public:
  explicit Checker(const Options& o)
      : o_(o),
        command_(command_of(o)),
        input_(scratch_.path()),
        lines_as_set_(!tagged(o)) {}

  // One run of `choice`: its output with --ignore's lines left out, each
  // process's lines in their own order (tagged), or sorted (lines_as_set).
  RunResult run(const Choice& choice) {
    std::vector<std::pair<std::string, std::string>> env = {{"BSP_CHECK", "1"},
                                                            {"BSP_CHECK_ORDER", choice.order}};
    RunResult run =
        bspcheck::run_program(command_, env, o_.outputs, scratch_.path(), input_);
    ++runs_;
    run.out = bspcheck::without_lines(run.out, o_.ignore);
    for (std::string& file : run.files) file = bspcheck::without_lines(file, o_.ignore);
    for (std::string& line : bspcheck::check_findings(run.err)) findings_.push_back(line);
    raw_out_ = run.out;
    if (tagged(o_)) run.out = bspcheck::lines_by_process(run.out);
    if (lines_as_set_) run.out = bspcheck::sorted_lines(run.out);
    return run;
  }

  // Two runs of the default choices. Where lines are not tagged with their
  // process, the processes' lines meet in an order of their own, so standard
  // output is compared as a set of lines; said when these two show it.
  std::pair<RunResult, RunResult> default_runs(const Choice& choice) {
    RunResult first = run(choice);
    const std::string first_raw = raw_out_;
    RunResult second = run(choice);
    if (lines_as_set_ && raw_out_ != first_raw &&
        bspcheck::sorted_lines(raw_out_) == bspcheck::sorted_lines(first_raw))
      std::printf(
          "bspcheck: the order of output lines changes from run to run; comparing "
          "standard output as a set of lines\n");
    return {first, second};
  }

  // What differs between two runs of the same choice is the program's own.
  void note_noise(const RunResult& a, const RunResult& b) {
    for (std::string& line : bspcheck::add_noise(a, b, o_.outputs, noise_))
      noise_said_.push_back(line);
  }
  const bspcheck::Noise& noise() const { return noise_; }

  // Says what was left out as the program's own variation, once.
  void print_noise() {
    if (noise_said_.empty() || noise_printed_) return;
    noise_printed_ = true;
    std::printf(
        "bspcheck: note: the program's own variation (timings, addresses, unseeded random "
        "numbers) changes these between runs with the same choices; they are left out of "
        "the comparison, and no choice is blamed for them:\n");
    constexpr std::size_t kShown = 5;
    for (std::size_t k = 0; k < noise_said_.size() && k < kShown; ++k)
      std::printf("  %s\n", noise_said_[k].c_str());
    if (noise_said_.size() > kShown)
      std::printf("  and %zu more\n", noise_said_.size() - kShown);
    std::printf("  (--ignore REGEX leaves such lines out from the start)\n");
  }

  void print_findings() { ::print_findings(findings_); }
  bool found_something() const { return !findings_.empty(); }
  int runs() const { return runs_; }
  const std::vector<std::string>& command() const { return command_; }

 private:
  const Options& o_;
  std::vector<std::string> command_;
  bspcheck::ScratchFolder scratch_;
  bspcheck::StandardInput input_;
  bool lines_as_set_;
  std::vector<std::string> findings_;  // check mode's lines, from every run
  std::string raw_out_;  // the last run's standard output before it was ordered
  bspcheck::Noise noise_;
  std::vector<std::string> noise_said_;
  bool noise_printed_ = false;
  int runs_ = 0;
};

void print_rerun(const Choice& choice, const std::vector<std::string>& command) {
  std::printf("  rerun this case: BSP_CHECK_ORDER=%s %s\n", choice.order.c_str(),
              shell_words(command).c_str());
}

// The default choices fail: which of the others pass (each confirmed by a
// second run) says whether the failure comes from a choice BSPlib leaves open.
int default_fails(Checker& c, const RunResult& first, const std::vector<Choice>& choices) {
  std::printf("bspcheck: the program exited with status %d in both runs of the default choices; "
              "its standard error:\n%s",
              first.status, bspcheck::some_lines(first.err, 12).c_str());
  std::vector<const Choice*> passing, failing;
  for (std::size_t k = 1; k < choices.size(); ++k) {
    bool passes = c.run(choices[k]).status == 0 && c.run(choices[k]).status == 0;
    (passes ? passing : failing).push_back(&choices[k]);
  }
  c.print_findings();
  c.print_noise();
  if (passing.empty()) {
    std::printf("bspcheck: it fails with every choice tried (%zu), so the failure does not come "
                "from the choices bspcheck varies\n",
                choices.size());
    return 1;
  }
  std::printf("bspcheck: the result depends on a choice BSPlib leaves open: the program fails "
              "with the default choices and passes (twice) when\n");
  for (const Choice* choice : passing) {
    std::printf("  %s\n", choice->freedom.c_str());
    print_rerun(*choice, c.command());
  }
  if (!failing.empty()) {
    std::printf("  and fails as well when\n");
    for (const Choice* choice : failing) std::printf("  %s\n", choice->freedom.c_str());
  }
  return 1;
}

int check(const Options& o) {
  Checker c(o);
  std::vector<Choice> choices = bspcheck::legal_choices(o.runs, o.seed);
  auto [first, second] = c.default_runs(choices[0]);
  c.note_noise(first, second);
  if (first.status != 0 && second.status != 0) return default_fails(c, first, choices);
  if (first.status != 0) std::swap(first, second);  // compare with the run that passed
  for (std::size_t k = 1; k < choices.size(); ++k) {
    RunResult run = c.run(choices[k]);
    if (!bspcheck::first_difference(first, run, o.outputs, c.noise())) continue;
    // Confirmed only where a second run of this choice differs the same way,
    // and a third run of the default choices does not.
    RunResult again = c.run(choices[k]);
    RunResult default_again = c.run(choices[0]);
    c.note_noise(run, again);
    c.note_noise(first, default_again);
    std::optional<std::string> difference =
        bspcheck::first_difference(first, run, o.outputs, c.noise());
    if (!difference || !bspcheck::first_difference(first, again, o.outputs, c.noise())) continue;
    c.print_findings();
    c.print_noise();
    std::printf("bspcheck: the result depends on a choice BSPlib leaves open: when %s,\n  %s\n"
                "  (a second run of this choice differs the same way)\n",
                choices[k].freedom.c_str(), difference->c_str());
    print_rerun(choices[k], c.command());
    return 1;
  }
  c.print_findings();
  c.print_noise();
  if (c.found_something()) return 1;
  std::printf("bspcheck: %d runs agree and check mode found nothing: portable as far as checked\n",
              c.runs());
  return 0;
}
}  // namespace

int main(int argc, char** argv) {
  bspcheck::Parsed parsed = bspcheck::parse_options(argc, argv);
  if (!parsed.options) {
    std::fputs(parsed.text.c_str(), parsed.status == 0 ? stdout : stderr);
    return parsed.status;
  }
  try {
    return check(*parsed.options);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bspcheck: %s\n", e.what());
    return 2;
  }
}
