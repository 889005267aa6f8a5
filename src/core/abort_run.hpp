// bsp_abort (paper §2.3): one process stops all, with a message.
#pragma once

#include <cstdarg>

namespace superstep {

// Formats the message like vprintf, drops one trailing newline (the report
// is one line and adds its own), and stops every process with exit status 1.
[[noreturn]] void abort_run(const char* format, va_list args) __attribute__((format(printf, 1, 0)));

}  // namespace superstep
