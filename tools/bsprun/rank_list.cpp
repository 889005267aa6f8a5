#include "rank_list.hpp"

#include <cstdlib>

namespace bsprun {

std::string format_ranks(const std::vector<int>& ranks) {
  std::string text;
  for (std::size_t i = 0; i < ranks.size();) {
    std::size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    if (!text.empty()) text += ',';
    text += std::to_string(ranks[i]);
    if (j > i) text += '-' + std::to_string(ranks[j]);
    i = j + 1;
  }
  return text;
}

std::optional<std::vector<int>> parse_ranks(const std::string& text) {
  std::vector<int> ranks;
  const char* p = text.c_str();
  while (*p) {
    char* end = nullptr;
    long first = std::strtol(p, &end, 10);
    if (end == p || first < 0) return std::nullopt;
    long last = first;
    if (*end == '-') {
      p = end + 1;
      last = std::strtol(p, &end, 10);
      if (end == p || last < first) return std::nullopt;
    }
    for (long r = first; r <= last; ++r) ranks.push_back(static_cast<int>(r));
    if (*end == ',')
      ++end;
    else if (*end != '\0')
      return std::nullopt;
    p = end;
  }
  if (ranks.empty()) return std::nullopt;
  return ranks;
}

}  // namespace bsprun
