#include "compare_runs.hpp"

#include <algorithm>
#include <cstdlib>
#include <regex>
#include <sstream>

namespace bspcheck {

namespace {
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A line without bsprun's "[pid] " tag.
std::string untagged(const std::string& line) {
  std::size_t close = line.find("] ");
  const bool tagged = !line.empty() && line[0] == '[' && close != std::string::npos &&
                      close > 1 && line.find_first_not_of("0123456789", 1) == close;
  return tagged ? line.substr(close + 2) : line;
}

std::string quoted_line(const std::vector<std::string>& lines, std::size_t k) {
  return k < lines.size() ? "'" + lines[k] + "'" : "(no such line)";
}

// "standard output differs at line 3: ..." for two texts that differ.
std::string text_difference(const std::string& what, const std::string& a, const std::string& b) {
  std::vector<std::string> la = lines_of(a), lb = lines_of(b);
  std::size_t k = 0;
  while (k < la.size() && k < lb.size() && la[k] == lb[k]) ++k;
  return what + " differs at line " + std::to_string(k + 1) +
         ":\n    default run: " + quoted_line(la, k) + "\n    this run:    " + quoted_line(lb, k);
}
}  // namespace

std::optional<std::string> first_difference(const RunResult& first, const RunResult& other,
                                            const std::vector<std::string>& outputs) {
  if (first.status != other.status)
    return "the exit status differs: " + std::to_string(first.status) + " in the default run, " +
           std::to_string(other.status) + " in this one";
  if (first.out != other.out) return text_difference("standard output", first.out, other.out);
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    if (first.file_found[k] != other.file_found[k])
      return "the file " + outputs[k] + " was written in " +
             (first.file_found[k] ? "the default run only" : "this run only");
    if (first.files[k] != other.files[k])
      return text_difference("the file " + outputs[k], first.files[k], other.files[k]);
  }
  return std::nullopt;
}

std::string lines_by_process(const std::string& text) {
  std::vector<std::string> lines = lines_of(text);
  auto process = [](const std::string& line) {
    if (line.size() < 3 || line[0] != '[') return -1L;
    char* end = nullptr;
    long pid = std::strtol(line.c_str() + 1, &end, 10);
    return end && *end == ']' ? pid : -1L;
  };
  std::stable_sort(lines.begin(), lines.end(), [&](const std::string& a, const std::string& b) {
    return process(a) < process(b);
  });
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

std::string without_lines(const std::string& text, const std::vector<std::string>& patterns) {
  if (patterns.empty()) return text;
  std::vector<std::regex> res;
  for (const std::string& p : patterns) res.emplace_back(p, std::regex::extended);
  std::string out;
  for (const std::string& line : lines_of(text)) {
    const std::string content = untagged(line);
    bool left_out = false;
    for (const std::regex& re : res) left_out = left_out || std::regex_search(content, re);
    if (!left_out) out += line + "\n";
  }
  return out;
}

std::string sorted_lines(const std::string& text) {
  std::vector<std::string> lines = lines_of(text);
  std::sort(lines.begin(), lines.end());
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

std::vector<std::string> check_findings(const std::string& err) {
  std::vector<std::string> found;
  for (const std::string& line : lines_of(err)) {
    std::string content = untagged(line);
    if (content.rfind("bspcheck: ", 0) == 0) found.push_back(content);
  }
  return found;
}

}  // namespace bspcheck
