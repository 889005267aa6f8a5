#include "core/check/check_choices.hpp"

#include <cerrno>
#include <cstdlib>

#include "util/errors.hpp"

namespace superstep {

namespace {
// Calls each(item) for the items of a comma list, skipping empty ones; stops
// at the first false.
template <typename Each>
bool each_item(const std::string& list, Each each) {
  std::size_t from = 0;
  while (from <= list.size()) {
    std::size_t comma = list.find(',', from);
    if (comma == std::string::npos) comma = list.size();
    std::string item = list.substr(from, comma - from);
    if (!item.empty() && !each(item)) return false;
    from = comma + 1;
  }
  return true;
}

bool parse_seed(const std::string& text, std::uint64_t& seed) {
  if (text.empty() || text[0] == '-' || text[0] == '+') return false;
  errno = 0;
  char* end = nullptr;
  unsigned long long value = std::strtoull(text.c_str(), &end, 10);
  if (errno != 0 || *end != '\0') return false;
  seed = value;
  return true;
}

// "reverse", "shuffle:SEED" or "default" after "queue:" or "writes:".
bool parse_order(const std::string& how, LegalOrder& order) {
  if (how == "default") {
    order = {};
    return true;
  }
  if (how == "reverse") {
    order = {LegalOrder::Kind::kReverse, 0};
    return true;
  }
  const std::string shuffle = "shuffle:";
  if (how.compare(0, shuffle.size(), shuffle) == 0) {
    order.kind = LegalOrder::Kind::kShuffle;
    return parse_seed(how.substr(shuffle.size()), order.seed);
  }
  return false;
}
}  // namespace

bool CheckChoices::parse_checks(const std::string& list, std::string& error) {
  if (list == "0") return true;
  return each_item(list, [&](const std::string& item) {
    if (item == "1" || item == "all") {
      overlap = hpsource = true;
    } else if (item == "overlap") {
      overlap = true;
    } else if (item == "hpsource") {
      hpsource = true;
    } else {
      error = "unknown check '" + item + "'; the checks are overlap and hpsource (1 or all: both)";
      return false;
    }
    return true;
  });
}

bool CheckChoices::parse_orders(const std::string& list, std::string& error) {
  return each_item(list, [&](const std::string& item) {
    bool known = false;
    if (item.compare(0, 6, "queue:") == 0)
      known = parse_order(item.substr(6), queue);
    else if (item.compare(0, 7, "writes:") == 0)
      known = parse_order(item.substr(7), writes);
    else if (item == "hp:early" || item == "hp:late")
      known = true, hp = item == "hp:early" ? HpRead::kEarly : HpRead::kLate;
    if (!known)
      error = "unknown choice '" + item +
              "'; the choices are queue:reverse, queue:shuffle:N, writes:reverse, "
              "writes:shuffle:N, hp:early and hp:late";
    return known;
  });
}

CheckChoices CheckChoices::from_environment() {
  CheckChoices choices;
  std::string error;
  if (const char* checks = std::getenv("BSP_CHECK"); checks && !choices.parse_checks(checks, error))
    fatal(format("superstep: BSP_CHECK is '%s': %s", checks, error.c_str()));
  if (const char* orders = std::getenv("BSP_CHECK_ORDER");
      orders && !choices.parse_orders(orders, error))
    fatal(format("superstep: BSP_CHECK_ORDER is '%s': %s", orders, error.c_str()));
  return choices;
}

}  // namespace superstep
