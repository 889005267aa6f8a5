// What bspcheck reports of two runs: the first place their results differ.
#pragma once

#include <optional>
#include <string>

#include "program_run.hpp"

namespace bspcheck {

// The first difference between a run and the default run, in words over a few
// lines (what differs, and the first line where it does), or nothing.
std::optional<std::string> first_difference(const RunResult& first, const RunResult& other,
                                            const std::vector<std::string>& outputs);

// The lines of bsprun --tag-output's `text` ("[pid] line"), each process's
// in the order it wrote them, process by process.
std::string lines_by_process(const std::string& text);

// `text` without the lines any of `patterns` matches (extended regular expressions).
std::string without_lines(const std::string& text, const std::vector<std::string>& patterns);

// The lines of `text`, sorted, each ending in a newline.
std::string sorted_lines(const std::string& text);

// The lines of a run's standard error that check mode wrote ("bspcheck: ...").
std::vector<std::string> check_findings(const std::string& err);

}  // namespace bspcheck
