// The directory of the file (libbsp.so, or the program when libbsp is linked
// statically) that the code at an address was loaded from: where libbsp looks
// for what is installed beside it (engine plugins, measured parameters).
#pragma once

#include <string>

namespace superstep {

// With a trailing slash; "" when the loader cannot tell.
std::string directory_loaded_from(const void* address);

}  // namespace superstep
