// How Superstep reports misuse: one line on stderr that names the primitive,
// the process and the superstep, then every process stops with a non-zero
// exit status (DESIGN.md, "Errors are loud and early").
#pragma once

#include <string>

namespace superstep {

// Formats like printf into a std::string.
std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

// `primitive` was called wrongly by this process. The message reads
// "superstep: error in <primitive>, process P, superstep S: <details>".
[[noreturn]] void usage_error(const char* primitive, const char* fmt, ...)
    __attribute__((format(printf, 2, 3)));

// Who finds an error: this process alone, or every process at the same point
// with the same message (the summaries of a sync disagree).
enum class ErrorScope { kLocal, kCollective };

// Stops every process with a message that is already complete (collective
// mismatches found at a sync, faults).
[[noreturn]] void fatal(const std::string& message, ErrorScope scope = ErrorScope::kLocal);

}  // namespace superstep
