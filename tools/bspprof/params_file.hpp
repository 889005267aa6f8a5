// Which bspprobe result bspprof takes its parameters from, as libbsp finds the
// one its collectives use (src/level1/params_file.hpp), but from bspprof's own
// place: --params FILE; else BSP_PARAMS (a file; "builtin" means none); else
// this user's result saved by `bspprobe --save` (superstep_internal/saved_params.hpp);
// else the result measured when Superstep was built, share/superstep/bspprobe.json
// beside the bin folder bspprof runs from (in the build tree and in an
// installation alike).
#pragma once

#include <optional>
#include <string>

namespace bspprof {

struct ParamsFile {
  std::string path;
  std::string how;  // "--params", "BSP_PARAMS", "saved by bspprobe --save" or "measured when
                    // Superstep was built"
};

// The file to read, or nullopt when none is given and none was measured.
std::optional<ParamsFile> find_params_file(const std::string& given);

// The file the build measured, seen from the folder `bin_dir` (with or
// without a trailing slash), when it exists; else "".
std::string measured_params_beside(const std::string& bin_dir);

}  // namespace bspprof
