// BSP_VERBOSE: whether the shared-memory engine says on stderr which data
// path bsp_begin chose, and why (set, and not "0").
#pragma once

#include <cstdlib>
#include <cstring>

namespace superstep::shm {

inline bool verbose() {
  const char* v = std::getenv("BSP_VERBOSE");
  return v && *v && std::strcmp(v, "0") != 0;
}

}  // namespace superstep::shm
