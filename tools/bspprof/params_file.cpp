#include "params_file.hpp"

#include <unistd.h>

#include <climits>
#include <cstdlib>

#include "superstep_internal/saved_params.hpp"

namespace bspprof {

namespace {

// The folder of the running bspprof, with a trailing slash; "" when unknown.
std::string executable_dir() {
  char buffer[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
  if (n <= 0) return "";
  std::string path(buffer, static_cast<std::size_t>(n));
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

}  // namespace

std::string measured_params_beside(const std::string& bin_dir) {
  if (bin_dir.empty()) return "";
  const std::string dir = bin_dir.back() == '/' ? bin_dir : bin_dir + "/";
  // The installed layout (bin and data folders as configured), then the
  // build tree's (bin/ and share/ side by side).
  for (const char* relative : {SUPERSTEP_PARAMS_FROM_BINDIR, "../share/superstep/bspprobe.json"}) {
    const std::string path = dir + relative;
    if (access(path.c_str(), R_OK) != 0) continue;
    char* resolved = realpath(path.c_str(), nullptr);  // without the "../"
    std::string found = resolved ? resolved : path;
    std::free(resolved);
    return found;
  }
  return "";
}

std::optional<ParamsFile> find_params_file(const std::string& given) {
  if (!given.empty()) return ParamsFile{given, "--params"};
  if (const char* env = std::getenv("BSP_PARAMS"); env && *env)
    return std::string(env) == "builtin" ? std::nullopt
                                         : std::optional<ParamsFile>(ParamsFile{env, "BSP_PARAMS"});
  if (const std::string saved = superstep::saved_params_path();
      !saved.empty() && access(saved.c_str(), R_OK) == 0)
    return ParamsFile{saved, "saved by bspprobe --save"};
  const std::string measured = measured_params_beside(executable_dir());
  if (measured.empty()) return std::nullopt;
  return ParamsFile{measured, "measured when Superstep was built"};
}

}  // namespace bspprof
