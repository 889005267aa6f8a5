// How Superstep reports misuse: one line on stderr that names the primitive, the process and
// the superstep, then every process stops with a non-zero exit status (DESIGN.md, "Errors are loud and early").
// Declared here, below every layer, so that each layer may report; defined in core/errors.cpp,
// which knows the process and the superstep.
#pragma once

#include <string>

#include "util/text_format.hpp"

namespace superstep {

// A call of a primitive as its errors name it: the primitive and, where the program passed
// them (bsp.h's bsp_put() and bsp_sync() macros and the like, the C++ interface's
// std::source_location), the caller's file and line (file nullptr: not known).
struct Call {
  Call(const char* primitive_name, const char* file_name = nullptr, int line_number = 0)
      : primitive(primitive_name), file(file_name), line(line_number) {}
  const char* primitive;
  const char* file;
  int line;
};

// The primitive was called wrongly by this process. The message reads
// "superstep: error in <primitive>, process P, superstep S: <details>", with
// " (<file>:<line>)" before the colon where the call names its site.
[[noreturn]] void usage_error(const Call& call, const char* fmt, ...)
    __attribute__((format(printf, 2, 3)));

// Stops every process with a message that is already complete (faults, and
// errors this process alone found). Inside bsp_begin..bsp_end the engine
// stops every process (Engine::abort_all); outside, the stop hook below does.
// An error every process finds at once is core's: fatal_collective
// (core/collective_error.hpp).
[[noreturn]] void fatal(const std::string& message);

// How an error outside bsp_begin..bsp_end ends the program; it must not
// return. Without a hook this process prints the message and exits with
// status 1. Engine selection installs one that also knows jobs where every
// process runs the whole program (an MPI launcher's; engine_select.hpp).
using OutsideStopHook = void (*)(const char* message);
void set_outside_stop_hook(OutsideStopHook hook);

}  // namespace superstep
