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

}  // namespace superstep
