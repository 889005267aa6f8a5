#include "core/size_choice.hpp"

#include <cstdlib>
#include <cstring>

#include "util/errors.hpp"

namespace superstep {

namespace {
// Which of three words `variable` holds: 0 (the first) when unset or empty.
// Anything else stops the program with a usage error of bsp_begin that names
// the variable and the words.
int word_asked(const char* variable, const char* const (&words)[3]) {
  const char* value = std::getenv(variable);
  if (!value || !*value) return 0;
  for (int i = 0; i < 3; ++i)
    if (std::strcmp(value, words[i]) == 0) return i;
  usage_error("bsp_begin", "%s is \"%s\"; set it to %s, %s or %s, or leave it unset", variable,
              value, words[0], words[1], words[2]);
}
}  // namespace

SizeChoice size_choice_asked(const char* variable) {
  static const char* const kWords[3] = {"auto", "always", "off"};
  static constexpr SizeChoice kChoices[3] = {SizeChoice::kAuto, SizeChoice::kAlways,
                                             SizeChoice::kOff};
  return kChoices[word_asked(variable, kWords)];
}

StagingStores staging_stores_asked() {
  static const char* const kWords[3] = {"auto", "plain", "streaming"};
  static constexpr StagingStores kChoices[3] = {StagingStores::kAuto, StagingStores::kPlain,
                                                StagingStores::kStreaming};
  return kChoices[word_asked("BSP_STAGING_STORES", kWords)];
}

}  // namespace superstep
