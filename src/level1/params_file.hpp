// Where the machine parameters measured when Superstep was built lie: the
// build runs `bspprobe --quick` once and writes its JSON result to
// share/superstep/bspprobe.json in the build tree, and `cmake --install`
// installs it to the same place under the prefix. libbsp looks for it
// relative to itself (or to the program, when linked statically), so that it
// is found in the build tree and wherever the installation is moved.
#pragma once

#include <string>

namespace superstep::level1 {

// The first of these that exists, or "" when none does: the installed file
// (the data directory as seen from the directory of libbsp, or of the program
// when libbsp is linked statically), then the build tree's.
std::string measured_params_path();

}  // namespace superstep::level1
