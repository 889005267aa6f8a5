// A small well-formedness check for the SVG the tools write: every element is
// closed in order, attribute values are quoted, and no bare '&' or '<' appears
// in text. Returns an empty string when the document is fine, else the problem.
#pragma once

#include <string>
#include <vector>

namespace toolkit::testing {

inline std::string xml_balance_problem(const std::string& doc) {
  std::vector<std::string> open;
  std::size_t i = 0;
  while (i < doc.size()) {
    if (doc[i] == '&') {
      const std::size_t semi = doc.find(';', i);
      if (semi == std::string::npos || semi - i > 6) return "bare & at " + std::to_string(i);
      ++i;
      continue;
    }
    if (doc[i] != '<') {
      ++i;
      continue;
    }
    // Find the end of the tag, honouring quoted attribute values.
    std::size_t j = i + 1;
    char quote = 0;
    for (; j < doc.size(); ++j) {
      if (quote != 0) {
        if (doc[j] == quote)
          quote = 0;
        else if (doc[j] == '<')
          return "'<' inside an attribute at " + std::to_string(j);
      } else if (doc[j] == '"' || doc[j] == '\'') {
        quote = doc[j];
      } else if (doc[j] == '>') {
        break;
      } else if (doc[j] == '<') {
        return "'<' inside a tag at " + std::to_string(j);
      }
    }
    if (j >= doc.size()) return "unterminated tag at " + std::to_string(i);
    const std::string tag = doc.substr(i + 1, j - i - 1);
    i = j + 1;
    if (tag.empty()) return "empty tag";
    if (tag[0] == '?' || tag[0] == '!') continue;
    const bool closing = tag[0] == '/';
    const bool self_closing = tag.back() == '/';
    const std::string body = closing ? tag.substr(1) : tag;
    const std::string name = body.substr(0, body.find_first_of(" \t\n/"));
    if (closing) {
      if (open.empty() || open.back() != name) return "unexpected </" + name + ">";
      open.pop_back();
    } else if (!self_closing) {
      open.push_back(name);
    }
  }
  if (!open.empty()) return "unclosed <" + open.back() + ">";
  return "";
}

}  // namespace toolkit::testing
