#include "fault_campaign.hpp"

#include <cctype>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "misuse_injector.hpp"

namespace superstep::differential {
namespace {

// The one line the program must print: it starts with one of `starts`, then
// contains `parts` in this order, each one not followed by a digit (so that
// "superstep 3" does not match "superstep 31").
struct ExpectedLine {
  std::vector<std::string> starts;
  std::vector<std::string> parts;

  bool matches(const std::string& line) const {
    std::size_t at = std::string::npos;
    for (const std::string& start : starts)
      if (line.rfind(start, 0) == 0) at = start.size();
    for (const std::string& part : parts) {
      if (at == std::string::npos) return false;
      std::size_t found = line.find(part, at);
      while (found != std::string::npos && found + part.size() < line.size() &&
             std::isdigit(static_cast<unsigned char>(line[found + part.size()])))
        found = line.find(part, found + 1);
      at = found == std::string::npos ? found : found + part.size();
    }
    return at != std::string::npos;
  }
  std::string describe() const {
    std::string text;
    for (const std::string& start : starts) text += (text.empty() ? "'" : " or '") + start + "'";
    for (const std::string& part : parts) text += " ... '" + part + "'";
    return text;
  }
};

ExpectedLine expected_message(const Injected& injected) {
  std::string q = std::to_string(injected.pid), s = std::to_string(injected.superstep);
  std::string in_step = "superstep " + s;
  switch (injected.kind) {
    case MisuseKind::kAbort:
      return {{"bsp_interp: process " + q + " aborts in " + in_step}, {}};
    case MisuseKind::kKill:
      return {{"superstep: process " + q + " was killed by signal 9 "}, {"in " + in_step}};
    case MisuseKind::kSegv:
      return {{"superstep: process " + q + " was killed by signal 11 "}, {"in " + in_step}};
    case MisuseKind::kExitWithoutEnd:
    case MisuseKind::kQuickExitWorker:
      return {{"superstep: process " + q + " "}, {in_step, "without calling bsp_end"}};
    case MisuseKind::kEndWhileOthersSync:
      return {{"superstep: error in bsp_end,", "superstep: error in bsp_sync,"}, {in_step}};
    default:
      if (is_collective(injected.kind))
        return {{"superstep: error in " + injected.primitive + ", "}, {in_step}};
      // The communication primitives name the interpreter's line of the call after the step.
      return {{"superstep: error in " + injected.primitive + ", process " + q + ", " + in_step + ": ",
               "superstep: error in " + injected.primitive + ", process " + q + ", " + in_step +
                   " ("},
              {}};
  }
}

struct Verdict {
  bool behaved = true;
  bool main_died_silently = false;  // process 0 was killed and nobody said so
  std::string why;
  void fail(const std::string& reason) {
    behaved = false;
    why += (why.empty() ? "" : "; ") + reason;
  }
};

Verdict judge(const Injected& injected, const RunOutcome& outcome, double deadline) {
  Verdict verdict;
  if (outcome.timed_out) verdict.fail("did not end (hang)");
  bool is_fault = static_cast<int>(injected.kind) >= kFirstFault;
  // Process 0 is the process the user started: when a signal kills it, that
  // signal is the program's exit status, and no process of ours may be left
  // to print a message. The message is then counted as missing, not failed.
  bool main_killed = injected.pid == 0 &&
                     (injected.kind == MisuseKind::kKill || injected.kind == MisuseKind::kSegv);
  if (main_killed) {
    int signal = injected.kind == MisuseKind::kKill ? 9 : 11;
    if (outcome.exited || outcome.signal != signal)
      verdict.fail("expected death by signal " + std::to_string(signal) + ", got " +
                   outcome.describe_end());
  } else if (!outcome.exited) {
    verdict.fail(outcome.describe_end());
  } else if (outcome.exit_status != 1) {
    // bsp.h, Errors: a misuse, bsp_abort, and a process that dies or leaves
    // without bsp_end all stop the program with exit status 1.
    verdict.fail("expected exit status 1, got " + std::to_string(outcome.exit_status));
  }
  std::string text = outcome.stderr_text;
  std::size_t lines = 0;
  for (char c : text) lines += c == '\n';
  if (main_killed && text.empty()) {
    verdict.main_died_silently = true;
  } else {
    if (lines != 1 || text.back() != '\n')
      verdict.fail("expected exactly one line on stderr, got " + std::to_string(lines));
    std::string first = text.substr(0, text.find('\n'));
    if (!expected_message(injected).matches(first))
      verdict.fail("message does not match " + expected_message(injected).describe());
  }
  if (!outcome.leftover_processes.empty())
    verdict.fail(std::to_string(outcome.leftover_processes.size()) + " processes left behind");
  if (!outcome.leftover_shm.empty()) verdict.fail("left /dev/shm/" + outcome.leftover_shm.front());
  if (is_fault && outcome.seconds > deadline)
    verdict.fail("took " + std::to_string(outcome.seconds) + " s");
  return verdict;
}

struct Tally {
  long tried = 0;
  long behaved = 0;
  long unplaceable = 0;
  long main_silent = 0;
  double slowest = 0;
};

int run_campaign(const CampaignConfig& config, long per_kind, int first_kind, int end_kind,
                 const char* title) {
  std::vector<Tally> tallies(static_cast<std::size_t>(kKindCount));
  int reported = 0;
  InterpConfig interp = config.interp;
  interp.deadline_seconds = std::min(interp.deadline_seconds, 30.0);
  for (int k = first_kind; k < end_kind; ++k) {
    auto kind = static_cast<MisuseKind>(k);
    Tally& tally = tallies[static_cast<std::size_t>(k)];
    for (long i = 0; i < per_kind; ++i) {
      std::uint64_t seed = config.seed + static_cast<std::uint64_t>(i);
      std::optional<Injected> injected = inject(seed, kind, interp.generator);
      if (!injected) {
        ++tally.unplaceable;
        continue;
      }
      ++tally.tried;
      RunOutcome outcome = run_program(interp, injected->program, false, true).outcome;
      tally.slowest = std::max(tally.slowest, outcome.seconds);
      Verdict verdict = judge(*injected, outcome, config.fault_deadline);
      tally.main_silent += verdict.main_died_silently;
      if (verdict.behaved) {
        ++tally.behaved;
        continue;
      }
      if (reported++ < 10) {
        std::string file = config.save_dir + "/misuse-failure-" + std::to_string(k) + "-" +
                           std::to_string(seed) + ".txt";
        std::ofstream(file) << model::program_to_text(injected->program);
        std::printf(
            "FAILED %s (seed %llu): process %d, superstep %d, %s: %s\n  stderr: %s"
            "  program saved to %s (run: bsp_interp --program %s --out DIR)\n",
            kind_name(kind), static_cast<unsigned long long>(seed), injected->pid,
            injected->superstep, injected->primitive.c_str(), verdict.why.c_str(),
            outcome.stderr_text.empty() ? "(empty)\n" : outcome.stderr_text.c_str(), file.c_str(),
            file.c_str());
      }
    }
  }
  bool all = true;
  std::printf("%s: per kind, programs tried / behaved (slowest run)\n", title);
  for (int k = first_kind; k < end_kind; ++k) {
    const Tally& t = tallies[static_cast<std::size_t>(k)];
    std::string notes;
    if (t.unplaceable) notes += " [" + std::to_string(t.unplaceable) + " not placeable]";
    if (t.main_silent)
      notes += " [process 0 killed, no message: " + std::to_string(t.main_silent) + "]";
    std::printf("  %-45s %6ld / %6ld  (%.2f s)%s\n", kind_name(static_cast<MisuseKind>(k)), t.tried,
                t.behaved, t.slowest, notes.c_str());
    all = all && t.behaved == t.tried && t.tried > 0;
  }
  std::printf("%s: %s\n", title, all ? "all behaved" : "SOME DID NOT BEHAVE");
  return all ? 0 : 1;
}

}  // namespace

int run_misuse_campaign(const CampaignConfig& config, long per_kind) {
  return run_campaign(config, per_kind, 0, kFirstFault, "misuse");
}

int run_fault_campaign(const CampaignConfig& config, long per_kind) {
  return run_campaign(config, per_kind, kFirstFault, kKindCount, "faults");
}

}  // namespace superstep::differential
