#include "core/size_choice.hpp"

namespace superstep {

SizeChoice size_choice_asked(Strategy strategy) {
  static constexpr SizeChoice kChoices[3] = {SizeChoice::kAuto, SizeChoice::kAlways,
                                             SizeChoice::kOff};
  return kChoices[forced(strategy)];
}

StagingStores staging_stores_asked() {
  static constexpr StagingStores kChoices[3] = {StagingStores::kAuto, StagingStores::kPlain,
                                                StagingStores::kStreaming};
  return kChoices[forced(Strategy::kStagingStores)];
}

}  // namespace superstep
