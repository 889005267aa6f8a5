#include "core/abort_run.hpp"

#include <cstdio>
#include <string>

#include "util/errors.hpp"

namespace superstep {

void abort_run(const char* format, va_list args) {
  std::string message;
  if (format) {
    va_list copy;
    va_copy(copy, args);
    int n = std::vsnprintf(nullptr, 0, format, copy);
    va_end(copy);
    if (n > 0) {
      message.resize(static_cast<std::size_t>(n));
      std::vsnprintf(message.data(), message.size() + 1, format, args);
    }
  }
  if (!message.empty() && message.back() == '\n') message.pop_back();
  fatal(message);
}

}  // namespace superstep
