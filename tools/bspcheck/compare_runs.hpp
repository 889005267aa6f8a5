// What bspcheck reports of two runs: the first place their results differ,
// leaving out what differs between runs of the same choices (the program's
// own variation: timings, addresses, unseeded random numbers).
#pragma once

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "program_run.hpp"

namespace bspcheck {

// What changes between runs of the same choices, left out of every comparison.
struct Noise {
  struct Text {
    bool whole = false;             // its number of lines changes: all of it
    std::set<std::size_t> lines;    // else these lines (from 0)
  };
  bool status = false;              // the exit status
  Text out;                         // standard output
  std::vector<Text> files;          // each --output file
};

// Adds to `noise` what differs between `a` and `b`, two runs of the same
// choices, and returns a sentence for each new difference.
std::vector<std::string> add_noise(const RunResult& a, const RunResult& b,
                                   const std::vector<std::string>& outputs, Noise& noise);

// The first difference between a run and the default run outside `noise`,
// in words over a few lines (what differs, and the first line where it
// does), or nothing.
std::optional<std::string> first_difference(const RunResult& first, const RunResult& other,
                                            const std::vector<std::string>& outputs,
                                            const Noise& noise);

// The lines of bsprun --tag-output's `text` ("[pid] line"), each process's
// in the order it wrote them, process by process.
std::string lines_by_process(const std::string& text);

// `text` without the lines any of `patterns` matches (extended regular expressions).
std::string without_lines(const std::string& text, const std::vector<std::string>& patterns);

// The lines of `text`, sorted, each ending in a newline.
std::string sorted_lines(const std::string& text);

// The lines of a run's standard error that check mode wrote ("bspcheck: ...").
std::vector<std::string> check_findings(const std::string& err);

// At most `most` lines of `text`, the first and the last (with "..." between
// where some are left out), each indented by two spaces.
std::string some_lines(const std::string& text, std::size_t most);

}  // namespace bspcheck
