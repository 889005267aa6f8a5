// bspcheck: runs a BSP program under the legal choices BSPlib leaves open and
// reports where its result depends on them (bspcheck(1), docs/portable.md).
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "compare_runs.hpp"
#include "legal_choices.hpp"
#include "options.hpp"
#include "program_run.hpp"

namespace {

using bspcheck::Options;

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

int check(const Options& o) {
  const std::vector<std::string> command = command_of(o);
  bspcheck::ScratchFolder scratch;
  std::vector<bspcheck::Choice> choices = bspcheck::legal_choices(o.runs, o.seed);
  std::vector<std::string> findings;
  bspcheck::RunResult first;
  bool lines_as_set = false;
  for (std::size_t k = 0; k < choices.size(); ++k) {
    std::vector<std::pair<std::string, std::string>> env = {{"BSP_CHECK", "1"},
                                                            {"BSP_CHECK_ORDER", choices[k].order}};
    bspcheck::RunResult run = bspcheck::run_program(command, env, o.outputs, scratch.path());
    run.out = bspcheck::without_lines(run.out, o.ignore);
    for (std::string& file : run.files) file = bspcheck::without_lines(file, o.ignore);
    for (std::string& line : bspcheck::check_findings(run.err)) findings.push_back(line);
    if (k == 0) {
      first = run;
      if (first.status != 0) {
        std::printf("bspcheck: the program exited with status %d in the default run:\n%s",
                    first.status, first.err.c_str());
        return 1;
      }
      // Lines that several processes print meet in an order of their own
      // (Hill et al. 1998, §2.1.2): bsprun tags them with their process on
      // shm; elsewhere, when a second default run orders them
      // otherwise, standard output is compared as a set of lines.
      if (!tagged(o)) {
        bspcheck::RunResult again = bspcheck::run_program(command, env, o.outputs, scratch.path());
        again.out = bspcheck::without_lines(again.out, o.ignore);
        if (bspcheck::sorted_lines(again.out) == bspcheck::sorted_lines(first.out) &&
            again.out != first.out) {
          std::printf(
              "bspcheck: the order of output lines changes from run to run; comparing "
              "standard output as a set of lines\n");
          lines_as_set = true;
        }
      }
      if (tagged(o)) first.out = bspcheck::lines_by_process(first.out);
      if (lines_as_set) first.out = bspcheck::sorted_lines(first.out);
      continue;
    }
    if (tagged(o)) run.out = bspcheck::lines_by_process(run.out);
    if (lines_as_set) run.out = bspcheck::sorted_lines(run.out);
    if (auto difference = bspcheck::first_difference(first, run, o.outputs)) {
      print_findings(findings);
      std::printf("bspcheck: the result depends on a choice BSPlib leaves open: when %s,\n  %s\n",
                  choices[k].freedom.c_str(), difference->c_str());
      std::printf("  rerun this case: BSP_CHECK_ORDER=%s %s\n", choices[k].order.c_str(),
                  shell_words(command).c_str());
      return 1;
    }
  }
  print_findings(findings);
  if (!findings.empty()) return 1;
  std::printf("bspcheck: %zu runs agree and check mode found nothing: portable as far as checked\n",
              choices.size());
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
