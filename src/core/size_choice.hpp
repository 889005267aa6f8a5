// Variables that say from which size on the library uses a mechanism:
// BSP_SHARE_AREAS (shared registered areas) and BSP_BULK_MESSAGES (bulk
// messages). Both take auto, always or off. And BSP_STAGING_STORES, how
// large puts are written into the staging rings.
#pragma once

#include <cstdint>

#include "messaging/ring_copy.hpp"

namespace superstep {

enum class SizeChoice { kAuto, kAlways, kOff };

// The variable's value; unset or empty is auto. Any other value stops the
// program with a usage error of bsp_begin that names the variable.
SizeChoice size_choice_asked(const char* variable);

// The smallest transfer that uses the mechanism: auto_min under auto, 1
// (every size) under always, UINT64_MAX (none) under off.
constexpr std::uint64_t min_bytes_for(SizeChoice choice, std::uint64_t auto_min) {
  return choice == SizeChoice::kAlways ? 1 : choice == SizeChoice::kOff ? UINT64_MAX : auto_min;
}

// BSP_STAGING_STORES (messaging/ring_copy.hpp): auto (unset or empty), plain
// or streaming; anything else stops the program with a usage error of
// bsp_begin.
StagingStores staging_stores_asked();

}  // namespace superstep
