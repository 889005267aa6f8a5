#include "level1/params_file.hpp"

#include <unistd.h>

#include <cstdlib>

#include "util/loaded_from.hpp"
#include "util/saved_params.hpp"

namespace superstep::level1 {

MeasuredParams measured_params() {
  const std::string saved = saved_params_path();
  if (!saved.empty() && access(saved.c_str(), R_OK) == 0)
    return {saved, "saved by bspprobe --save"};
  const std::string here = directory_loaded_from(reinterpret_cast<const void*>(&measured_params));
  const std::string candidates[] = {
      here.empty() ? std::string() : here + SUPERSTEP_PARAMS_FROM_LIBDIR,
      SUPERSTEP_PARAMS_IN_BUILD_TREE,
  };
  for (const std::string& path : candidates) {
    if (path.empty() || access(path.c_str(), R_OK) != 0) continue;
    char* resolved = realpath(path.c_str(), nullptr);  // without the library's "../"
    std::string found = resolved ? resolved : path;
    std::free(resolved);
    return {found, "measured at build"};
  }
  return {"", "measured at build"};
}

}  // namespace superstep::level1
