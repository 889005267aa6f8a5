#include "level1/params_file.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>

namespace superstep::level1 {

namespace {

// The directory of the file this code was loaded from, with a trailing slash.
std::string own_directory() {
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void*>(&measured_params_path), &info) || !info.dli_fname) return "";
  std::string path = info.dli_fname;
  std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

}  // namespace

std::string measured_params_path() {
  const std::string here = own_directory();
  const std::string candidates[] = {
      here.empty() ? std::string() : here + SUPERSTEP_PARAMS_FROM_LIBDIR,
      SUPERSTEP_PARAMS_IN_BUILD_TREE,
  };
  for (const std::string& path : candidates) {
    if (path.empty() || access(path.c_str(), R_OK) != 0) continue;
    char* resolved = realpath(path.c_str(), nullptr);  // without the library's "../"
    std::string found = resolved ? resolved : path;
    std::free(resolved);
    return found;
  }
  return "";
}

}  // namespace superstep::level1
