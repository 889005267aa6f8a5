// What check mode (BSP_CHECK) looks for, and which of the choices BSPlib
// leaves open this run resolves another legal way (BSP_CHECK_ORDER), as
// bspcheck asks (docs/portable.md; Hill et al., "BSPlib: The BSP Programming
// Library", 1998).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace superstep {

// One order among the legal ones: the one Superstep documents (issue order,
// sources by pid), reversed, or shuffled with a seed.
struct LegalOrder {
  enum class Kind : std::uint8_t { kDefault, kReverse, kShuffle };
  Kind kind = Kind::kDefault;
  std::uint64_t seed = 0;
  bool changed() const { return kind != Kind::kDefault; }
};

struct CheckChoices {
  // BSP_CHECK: what is reported.
  bool overlap = false;   // colliding writes into one process's memory in one superstep
  bool hpsource = false;  // an hp transfer's source or destination touched before the sync,
                          // or an hpget's source changed by its owner during the superstep
  // BSP_CHECK_ORDER: the choices made another way.
  LegalOrder queue;   // the order messages are dequeued in
  LegalOrder writes;  // the order the sources' writes land in
  // When an hpput's source is read: as the engine does it (small ones at the
  // call, large ones at the sync), all at the call, or all at the sync.
  enum class HpRead : std::uint8_t { kEngine, kEarly, kLate };
  HpRead hp = HpRead::kEngine;

  bool reports() const { return overlap || hpsource; }
  bool reorders() const { return queue.changed() || writes.changed() || hp != HpRead::kEngine; }
  bool any() const { return reports() || reorders(); }

  // Reads BSP_CHECK and BSP_CHECK_ORDER; a value it does not know stops the
  // program with one line naming the variable and what it takes.
  static CheckChoices from_environment();
  // The parsers themselves (for the tests): false, with `error` set, on a
  // value they do not know.
  bool parse_checks(const std::string& list, std::string& error);
  bool parse_orders(const std::string& list, std::string& error);
};

}  // namespace superstep

namespace superstep {

// Puts `items` in `order` (kDefault: as they are); `salt` makes each
// superstep's and process's shuffle its own while the seed makes the run
// repeatable.
template <typename T>
void arrange_in(const LegalOrder& order, std::uint64_t salt, std::vector<T>& items) {
  if (order.kind == LegalOrder::Kind::kReverse) {
    std::reverse(items.begin(), items.end());
  } else if (order.kind == LegalOrder::Kind::kShuffle) {
    std::uint64_t state = order.seed ^ (salt * 0x9e3779b97f4a7c15ull);
    auto next = [&state] {  // splitmix64
      std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      return z ^ (z >> 31);
    };
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[next() % i]);
  }
}

}  // namespace superstep
