// Where the machine parameters the collectives choose by lie: first this
// user's, saved by `bspprobe --save` (util/saved_params.hpp); else those
// measured when Superstep was built: the build runs `bspprobe --quick` once and writes its JSON result to
// share/superstep/bspprobe.json in the build tree, and `cmake --install`
// installs it to the same place under the prefix. libbsp looks for it
// relative to itself (or to the program, when linked statically), so that it
// is found in the build tree and wherever the installation is moved.
#pragma once

#include <string>

namespace superstep::level1 {

struct MeasuredParams {
  std::string path;  // "" when there is none
  const char* how;   // "saved by bspprobe --save" or "measured at build"
};

// The first of these that exists: the user's saved file, the installed file
// (the data directory as seen from the directory of libbsp, or of the program
// when libbsp is linked statically), then the build tree's.
MeasuredParams measured_params();

}  // namespace superstep::level1
