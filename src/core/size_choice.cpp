#include "core/size_choice.hpp"

#include <cstdlib>
#include <cstring>

#include "core/errors.hpp"

namespace superstep {

SizeChoice size_choice_asked(const char* variable) {
  const char* value = std::getenv(variable);
  if (!value || !*value || std::strcmp(value, "auto") == 0) return SizeChoice::kAuto;
  if (std::strcmp(value, "always") == 0) return SizeChoice::kAlways;
  if (std::strcmp(value, "off") == 0) return SizeChoice::kOff;
  usage_error("bsp_begin", "%s is \"%s\"; set it to auto, always or off, or leave it unset",
              variable, value);
}

StagingStores staging_stores_asked() {
  const char* value = std::getenv("BSP_STAGING_STORES");
  if (!value || !*value || std::strcmp(value, "auto") == 0) return StagingStores::kAuto;
  if (std::strcmp(value, "plain") == 0) return StagingStores::kPlain;
  if (std::strcmp(value, "streaming") == 0) return StagingStores::kStreaming;
  usage_error("bsp_begin",
              "BSP_STAGING_STORES is \"%s\"; set it to auto, plain or streaming, or leave it unset",
              value);
}

}  // namespace superstep
