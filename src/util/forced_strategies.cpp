#include "util/forced_strategies.hpp"

#include <cstdlib>
#include <string>
#include <string_view>

#include "util/errors.hpp"

namespace superstep {

namespace {

struct StrategyWords {
  const char* name;
  const char* words[2];  // after auto; nullptr where there is one
};

constexpr StrategyWords kStrategies[] = {
    {"xmem", {"off", nullptr}},
    {"xmem_large", {"copy", "read"}},
    {"share_areas", {"always", "off"}},
    {"bulk_messages", {"always", "off"}},
    {"staging_stores", {"plain", "streaming"}},
};

std::string words_of(const StrategyWords& s) {
  std::string text = "auto";
  text += s.words[1] ? ", " : " or ";
  text += s.words[0];
  if (s.words[1]) text += std::string(" or ") + s.words[1];
  return text;
}

// The word of one entry of BSP_FORCE: 0 for auto, 1 + its place otherwise; stops on any other.
int word_of(const StrategyWords& s, std::string_view word) {
  if (word == "auto") return 0;
  for (int i = 0; i < 2; ++i)
    if (s.words[i] && word == s.words[i]) return i + 1;
  usage_error("bsp_begin", "BSP_FORCE gives %s \"%.*s\"; set it to %s", s.name,
              static_cast<int>(word.size()), word.data(), words_of(s).c_str());
}

}  // namespace

int forced(Strategy strategy) {
  const char* value = std::getenv("BSP_FORCE");
  int chosen = 0;
  std::string_view rest = value ? value : "";
  while (!rest.empty()) {
    std::string_view entry = rest.substr(0, rest.find(','));
    rest.remove_prefix(entry.size() < rest.size() ? entry.size() + 1 : entry.size());
    if (entry.empty()) continue;
    std::size_t equals = entry.find('=');
    std::string_view name = entry.substr(0, equals);
    const StrategyWords* named = nullptr;
    for (const StrategyWords& s : kStrategies)
      if (name == s.name) named = &s;
    if (equals == std::string_view::npos || !named)
      usage_error("bsp_begin",
                  "BSP_FORCE has \"%.*s\"; write name=word entries separated by commas, the "
                  "names xmem, xmem_large, share_areas, bulk_messages and staging_stores",
                  static_cast<int>(entry.size()), entry.data());
    int word = word_of(*named, entry.substr(equals + 1));
    if (named == &kStrategies[static_cast<int>(strategy)]) chosen = word;
  }
  return chosen;
}

}  // namespace superstep
