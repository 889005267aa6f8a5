// A whole number from 1 up, written with at most `max_digits` decimal digits
// and nothing else (-n P, slots=N).
#pragma once

#include <optional>
#include <string_view>

namespace bsprun {

inline std::optional<int> parse_whole_number(std::string_view text, std::size_t max_digits) {
  if (text.empty() || text.size() > max_digits) return std::nullopt;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  if (value < 1) return std::nullopt;
  return value;
}

}  // namespace bsprun
