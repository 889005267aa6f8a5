#include "util/errors.hpp"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>

#include "core/collective_error.hpp"
#include "core/runtime.hpp"

namespace superstep {

namespace {
void print_and_exit(const char* message) {
  std::fflush(stdout);
  std::fprintf(stderr, "%s\n", message);
  std::exit(1);
}

// Constant-initialized, so it is set before any static constructor runs.
OutsideStopHook g_outside_stop = &print_and_exit;
}  // namespace

void set_outside_stop_hook(OutsideStopHook hook) { g_outside_stop = hook ? hook : &print_and_exit; }

void usage_error(const Call& call, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string details = vformat(fmt, args);
  va_end(args);
  std::string site = call.file ? format(" (%s:%d)", call.file, call.line) : std::string();
  Runtime* rt = Runtime::active();
  if (rt) {
    fatal(format("superstep: error in %s, process %d, superstep %llu%s: %s", call.primitive,
                 rt->pid(), static_cast<unsigned long long>(rt->superstep()), site.c_str(),
                 details.c_str()));
  }
  fatal(format("superstep: error in %s%s: %s", call.primitive, site.c_str(), details.c_str()));
}

namespace {
[[noreturn]] void stop(const std::string& message, ErrorScope scope) {
  if (Runtime* rt = Runtime::active()) rt->engine().abort_all(message.c_str(), scope);
  g_outside_stop(message.c_str());
  std::exit(1);  // not reached: a stop hook does not return
}
}  // namespace

void fatal(const std::string& message) { stop(message, ErrorScope::kLocal); }

void fatal_collective(const std::string& message) { stop(message, ErrorScope::kCollective); }

}  // namespace superstep
