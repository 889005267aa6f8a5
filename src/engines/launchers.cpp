#include "engines/launchers.hpp"

#include <cstdlib>
#include <cstring>

namespace superstep {

namespace {

// The entries the engines' folders declared, then one that ends the table.
const Launcher kLaunchers[] = {
#include "launcher_entries.inc"
    {nullptr, {nullptr}, {nullptr}, nullptr},
};

}  // namespace

const Launcher* launcher_of_this_process() {
  for (const Launcher* l = kLaunchers; l->engine; ++l)
    for (const char* const* name = l->detect; *name; ++name)
      if (std::getenv(*name)) return l;
  return nullptr;
}

const Launcher* launcher_for(const char* name) {
  for (const Launcher* l = kLaunchers; l->engine; ++l)
    if (std::strcmp(l->engine, name) == 0) return l;
  return nullptr;
}

int launcher_rank(const Launcher& launcher) {
  for (const char* const* name = launcher.rank; *name; ++name)
    if (const char* value = std::getenv(*name)) return std::atoi(value);
  return -1;
}

}  // namespace superstep
