#include "core/errors.hpp"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>

#include "core/runtime.hpp"
#include "engines/engine_select.hpp"

namespace superstep {

namespace {
std::string vformat(const char* fmt, va_list args) {
  va_list copy;
  va_copy(copy, args);
  int n = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  std::string out(n > 0 ? static_cast<std::size_t>(n) : 0, '\0');
  if (n > 0) std::vsnprintf(out.data(), out.size() + 1, fmt, args);
  return out;
}
}  // namespace

std::string format(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string s = vformat(fmt, args);
  va_end(args);
  return s;
}

void usage_error(const char* primitive, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string details = vformat(fmt, args);
  va_end(args);
  Runtime* rt = Runtime::active();
  if (rt) {
    fatal(format("superstep: error in %s, process %d, superstep %llu: %s", primitive, rt->pid(),
                 static_cast<unsigned long long>(rt->superstep()), details.c_str()));
  }
  fatal(format("superstep: error in %s: %s", primitive, details.c_str()));
}

void fatal(const std::string& message, ErrorScope scope) {
  if (Runtime* rt = Runtime::active()) {
    if (scope == ErrorScope::kCollective) rt->engine().abort_all_collective(message.c_str());
    rt->engine().abort_all(message.c_str());
  }
  // Outside bsp_begin..bsp_end there is only this process to stop; under MPI
  // every rank may be finding the same error (engine_select.hpp).
  stop_outside_begin_end(message.c_str());
}

}  // namespace superstep
