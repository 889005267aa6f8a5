#include "util/loaded_from.hpp"

#include <dlfcn.h>

namespace superstep {

std::string directory_loaded_from(const void* address) {
  Dl_info info{};
  if (!dladdr(address, &info) || !info.dli_fname) return "";
  std::string path = info.dli_fname;
  std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

}  // namespace superstep
