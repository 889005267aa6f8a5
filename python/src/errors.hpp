// How the binding reports misuse: a Python exception, superstep.Error, whose
// message reads like the library's own ("superstep: error in <primitive>,
// process P, superstep S: <details>"), raised before the C call that would
// stop every process.
#pragma once

#include <stdexcept>
#include <string>

#include "superstep_internal/text_format.hpp"

namespace superstep_python {

// Becomes superstep.Error in Python (module.cpp registers the translation).
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Formats like printf into a std::string (the library's, through superstep_internal).
using superstep::format;

// Throws Error for `primitive` with the library's prefix: the process and
// superstep inside bsp_begin..bsp_end, nothing more outside.
[[noreturn]] void fail(const char* primitive, const std::string& details);

// Where the SPMD part stands in this process, as the binding saw it.
enum class Phase { kBefore, kRunning, kAfter };
Phase phase();
void set_phase(Phase p);

// Throws unless bsp_begin..bsp_end is running, with the library's words.
void require_running(const char* primitive);
// Throws unless 0 <= pid < bsp_nprocs(), with the library's words.
void check_pid(const char* primitive, long long pid);
// Throws if value < 0: "<name> is <v>; it must not be negative".
void check_not_negative(const char* primitive, const char* name, long long value);
// Throws if bytes does not fit BSPlib's int sizes; returns it as an int.
int bytes_int(const char* primitive, const char* what, long long bytes);

// The Python file and line that called the binding (the innermost Python frame outside the
// package's own files, which lie beside the compiled module), for the library's *_at
// primitives: the errors the library reports, at the call or at the sync, then name the
// Python program's line instead of none. The file names are kept for the whole run, as the
// library may read them at a later sync.
struct PythonSite {
  const char* file = nullptr;
  int line = 0;
};
PythonSite python_site();

// As fail, naming the Python file and line of the call after the superstep, as the library
// names a C program's: "superstep: error in bsp_put, process 0, superstep 1 (prog.py:13): ...".
[[noreturn]] void fail_at(const char* primitive, PythonSite site, const std::string& details);

}  // namespace superstep_python
