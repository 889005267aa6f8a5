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

// The first line, outside `noise`, where two texts differ.
std::optional<std::size_t> first_differing_line(const std::vector<std::string>& la,
                                                const std::vector<std::string>& lb,
                                                const Noise::Text& noise) {
  if (noise.whole) return std::nullopt;
  for (std::size_t k = 0; k < std::max(la.size(), lb.size()); ++k) {
    const bool both = k < la.size() && k < lb.size();
    if (both && (noise.lines.count(k) || la[k] == lb[k])) continue;
    return k;
  }
  return std::nullopt;
}

// "standard output differs at line 3: ..." for two texts that differ outside `noise`.
std::optional<std::string> text_difference(const std::string& what, const std::string& a,
                                           const std::string& b, const Noise::Text& noise) {
  std::vector<std::string> la = lines_of(a), lb = lines_of(b);
  std::optional<std::size_t> k = first_differing_line(la, lb, noise);
  if (!k) return std::nullopt;
  return what + " differs at line " + std::to_string(*k + 1) +
         ":\n    default run: " + quoted_line(la, *k) + "\n    this run:    " + quoted_line(lb, *k);
}

// Adds to `noise` the lines where `a` and `b` differ; a sentence for each new one.
void add_text_noise(const std::string& what, const std::string& a, const std::string& b,
                    Noise::Text& noise, std::vector<std::string>& said) {
  if (noise.whole || a == b) return;
  std::vector<std::string> la = lines_of(a), lb = lines_of(b);
  if (la.size() != lb.size()) {
    noise.whole = true;
    said.push_back(what + " has " + std::to_string(la.size()) + " lines in one run and " +
                   std::to_string(lb.size()) + " in another: all of it is left out");
    return;
  }
  for (std::size_t k = 0; k < la.size(); ++k) {
    if (la[k] == lb[k] || !noise.lines.insert(k).second) continue;
    said.push_back(what + ", line " + std::to_string(k + 1) + ": " + quoted_line(la, k) +
                   " in one run, " + quoted_line(lb, k) + " in another");
  }
}
}  // namespace

std::vector<std::string> add_noise(const RunResult& a, const RunResult& b,
                                   const std::vector<std::string>& outputs, Noise& noise) {
  std::vector<std::string> said;
  if (a.status != b.status && !noise.status) {
    noise.status = true;
    said.push_back("the exit status: " + std::to_string(a.status) + " in one run, " +
                   std::to_string(b.status) + " in another");
  }
  add_text_noise("standard output", a.out, b.out, noise.out, said);
  noise.files.resize(outputs.size());
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    if (a.file_found[k] != b.file_found[k] && !noise.files[k].whole) {
      noise.files[k].whole = true;
      said.push_back("the file " + outputs[k] + " is written in one run and not in another");
    }
    add_text_noise("the file " + outputs[k], a.files[k], b.files[k], noise.files[k], said);
  }
  return said;
}

std::optional<std::string> first_difference(const RunResult& first, const RunResult& other,
                                            const std::vector<std::string>& outputs,
                                            const Noise& noise) {
  if (first.status != other.status && !noise.status)
    return "the exit status differs: " + std::to_string(first.status) + " in the default run, " +
           std::to_string(other.status) + " in this one";
  if (auto d = text_difference("standard output", first.out, other.out, noise.out)) return d;
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    const Noise::Text none;
    const Noise::Text& file_noise = k < noise.files.size() ? noise.files[k] : none;
    if (file_noise.whole) continue;
    if (first.file_found[k] != other.file_found[k])
      return "the file " + outputs[k] + " was written in " +
             (first.file_found[k] ? "the default run only" : "this run only");
    if (auto d = text_difference("the file " + outputs[k], first.files[k], other.files[k],
                                 file_noise))
      return d;
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

std::string some_lines(const std::string& text, std::size_t most) {
  std::vector<std::string> lines = lines_of(text);
  std::string out;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    if (lines.size() > most && k == most / 2) {
      out += "  ...\n";
      k = lines.size() - (most - most / 2);
    }
    out += "  " + lines[k] + "\n";
  }
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
