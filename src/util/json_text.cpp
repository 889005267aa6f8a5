#include "util/json_text.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace superstep {

namespace {

// nlohmann-json's "syntax error while parsing object - unexpected number
// literal; expected '}'" as "unexpected number literal; expected ',' or '}'":
// its parser says only the closing bracket where a separator would do too.
std::string what_was_expected(const std::string& message) {
  std::string detail = message;
  std::string context;
  const std::string lead = "syntax error while parsing ";
  if (std::size_t at = detail.find(lead); at != std::string::npos) {
    detail.erase(0, at + lead.size());
    std::size_t dash = detail.find(" - ");
    if (dash != std::string::npos) {
      context = detail.substr(0, dash);
      detail.erase(0, dash + 3);
    }
  }
  const auto widen = [&](const char* closing, const char* both) {
    const std::string tail = std::string("; expected ") + closing;
    if (detail.size() >= tail.size() &&
        detail.compare(detail.size() - tail.size(), tail.size(), tail) == 0)
      detail.replace(detail.size() - tail.size(), tail.size(), std::string("; expected ") + both);
  };
  if (context == "object") widen("'}'", "',' or '}'");
  if (context == "array") widen("']'", "',' or ']'");
  return detail;
}

}  // namespace

std::string line_and_column(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  std::size_t line = 1, line_start = 0;
  for (std::size_t i = 0; i < offset; ++i)
    if (text[i] == '\n') ++line, line_start = i + 1;
  return std::to_string(line) + ":" + std::to_string(offset - line_start + 1);
}

std::string json_error_text(const std::exception& e) {
  std::string what = e.what();
  if (dynamic_cast<const nlohmann::json::exception*>(&e) && what.rfind("[json.exception.", 0) == 0)
    if (std::size_t end = what.find("] "); end != std::string::npos) what.erase(0, end + 2);
  // A parse error's own "parse error at line 1, column 5: " is replaced by ours.
  if (what.rfind("parse error", 0) == 0)
    if (std::size_t colon = what.find(": "); colon != std::string::npos) what.erase(0, colon + 2);
  return what;
}

Json parse_json(std::string_view text, const std::string& name) {
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte counts from 1 and names the last character read (text.size() + 1
    // at the end of the text): the one where the parse went wrong.
    const std::size_t offset = e.byte == 0 ? 0 : e.byte - 1;
    throw JsonSyntaxError(name + ":" + line_and_column(text, offset) +
                          ": syntax error: " + what_was_expected(json_error_text(e)));
  }
}

Json read_json_file(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + file + ": " + std::strerror(errno));
  std::stringstream text;
  text << in.rdbuf();
  if (in.bad()) throw std::runtime_error("cannot read " + file + ": " + std::strerror(errno));
  return parse_json(text.str(), file);
}

}  // namespace superstep
