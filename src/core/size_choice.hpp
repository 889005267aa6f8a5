// The strategies BSP_FORCE (util/forced_strategies.hpp) may force in core: from which size on the
// library shares registered areas (share_areas) and sends bulk messages (bulk_messages), each
// auto, always or off; and how large puts are written into the staging rings (staging_stores).
#pragma once

#include <cstdint>

#include "messaging/ring_copy.hpp"
#include "util/forced_strategies.hpp"

namespace superstep {

enum class SizeChoice { kAuto, kAlways, kOff };

// What BSP_FORCE gives share_areas or bulk_messages: auto where it names neither.
SizeChoice size_choice_asked(Strategy strategy);

// The smallest transfer that uses the mechanism: auto_min under auto, 1
// (every size) under always, UINT64_MAX (none) under off.
constexpr std::uint64_t min_bytes_for(SizeChoice choice, std::uint64_t auto_min) {
  return choice == SizeChoice::kAlways ? 1 : choice == SizeChoice::kOff ? UINT64_MAX : auto_min;
}

// What BSP_FORCE gives staging_stores (messaging/ring_copy.hpp): auto, plain or streaming.
StagingStores staging_stores_asked();

}  // namespace superstep
