// Engine plugins found by name: libbsp_<name>.so.<major>, loaded with dlopen
// on first use, exporting the table of engines/plugin_abi.hpp. The selector
// (engine_select.cpp) decides which engine runs; this file only finds,
// loads and describes plugins, and knows no engine by name.
#pragma once

#include <string>

#include "engines/plugin_abi.hpp"

namespace superstep {

struct Plugin {
  void* handle = nullptr;
  const EnginePlugin* calls = nullptr;  // set only when its interface matches this libbsp
  std::string error;                    // every place tried, and why it failed there
};

// The file name of engine `name`'s plugin: libbsp_<name>.so.<major>.
std::string plugin_file(const std::string& name);

// BSP_<NAME>_PLUGIN: where the user says engine `name`'s plugin is.
std::string plugin_variable(const std::string& name);

// An engine name is a plain word: it becomes part of a file name.
bool plausible_engine_name(const char* name);

// Engine `name`'s plugin, loaded on first use (later calls return the same):
// one already part of the process; else the file $BSP_<NAME>_PLUGIN names,
// when set; else the one next to libbsp (next to the program when libbsp is
// linked statically), the one in the install directory, the one in the build
// tree, and whatever the loader finds by name. plugin(name).calls is nullptr
// when none loads; .error says why.
Plugin& plugin(const std::string& name);

// The calls of a plugin engine that is part of the process already (the
// program links it) and says the program handed it its processes
// (EnginePlugin::embedded); its name in *name. nullptr when none does.
// Loads nothing.
const EnginePlugin* embedding_plugin(std::string* name);

// The calls of engine `name`'s plugin when it is part of the process already,
// else nullptr. Loads nothing.
const EnginePlugin* loaded_plugin(const std::string& name);

// The engines whose plugins are installed where plugin() looks, as "a, b or
// c" (for messages); "" when there are none.
std::string installed_engines();

}  // namespace superstep
