#include "util/standard_streams.hpp"

#include <cstdio>
#include <iostream>

namespace superstep {

void flush_standard_streams() {
  std::cout.flush();
  std::cerr.flush();
  std::clog.flush();
  std::wcout.flush();
  std::wcerr.flush();
  std::wclog.flush();
  // glibc's fflush(NULL) writes pending output only; it does not seek input streams.
  std::fflush(nullptr);
}

}  // namespace superstep
