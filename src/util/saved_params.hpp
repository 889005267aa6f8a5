// Where `bspprobe --save` keeps this user's measured machine parameters, and
// where libbsp's collectives and bspprof look first: the user's data folder
// ($XDG_DATA_HOME/superstep/bspprobe.json, else
// ~/.local/share/superstep/bspprobe.json), as the XDG Base Directory
// Specification places a program's data. A measurement saved there by hand,
// on a quiet machine, outranks the one the build made, so no flag is needed
// afterwards.
#pragma once

#include <cstdlib>
#include <string>

namespace superstep {

// The path, whether or not the file exists; "" where neither XDG_DATA_HOME
// nor HOME is set.
inline std::string saved_params_path() {
  if (const char* data = std::getenv("XDG_DATA_HOME"); data && data[0] == '/')
    return std::string(data) + "/superstep/bspprobe.json";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.local/share/superstep/bspprobe.json";
  return "";
}

}  // namespace superstep
