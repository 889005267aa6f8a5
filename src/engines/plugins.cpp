#include "engines/plugins.hpp"

#include <dirent.h>
#include <dlfcn.h>
#include <link.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <vector>

#include "util/loaded_from.hpp"

#ifndef SUPERSTEP_PLUGIN_SOVERSION
#define SUPERSTEP_PLUGIN_SOVERSION ""
#endif
#ifndef SUPERSTEP_INSTALL_LIBDIR
#define SUPERSTEP_INSTALL_LIBDIR ""
#endif
#ifndef SUPERSTEP_BUILD_LIBDIR
#define SUPERSTEP_BUILD_LIBDIR ""
#endif

namespace superstep {

namespace {

constexpr const char* kPrefix = "libbsp_";

// The plugin table a loaded plugin exports, when it matches this libbsp.
const EnginePlugin* calls_of(void* handle) {
  auto entry = reinterpret_cast<EnginePluginFn>(dlsym(handle, kEnginePluginSymbol));
  const EnginePlugin* calls = entry ? entry() : nullptr;
  return calls && calls->abi == kEnginePluginAbi ? calls : nullptr;
}

// Where plugin() looks, in order, with a trailing slash.
std::vector<std::string> plugin_directories() {
  std::vector<std::string> dirs{directory_loaded_from(reinterpret_cast<void*>(&plugin))};
  for (const char* dir : {SUPERSTEP_INSTALL_LIBDIR, SUPERSTEP_BUILD_LIBDIR}) {
    std::string with_slash = std::string(dir) + "/";
    if (*dir && std::find(dirs.begin(), dirs.end(), with_slash) == dirs.end())
      dirs.push_back(with_slash);
  }
  return dirs;
}

// The engine name in a plugin's file name (libbsp_<name>.so.<major>), or "".
std::string engine_in_file_name(const std::string& base) {
  if (base.rfind(kPrefix, 0) != 0) return "";
  std::string name = base.substr(std::strlen(kPrefix));
  name = name.substr(0, name.find('.'));
  // libbsp_fortran is the Fortran interface beside libbsp, not an engine.
  if (name == "fortran") return "";
  return !name.empty() && plugin_file(name) == base ? name : "";
}

}  // namespace

std::string plugin_file(const std::string& name) {
  std::string file = kPrefix + name + ".so";
  if (*SUPERSTEP_PLUGIN_SOVERSION) file += std::string(".") + SUPERSTEP_PLUGIN_SOVERSION;
  return file;
}

std::string plugin_variable(const std::string& name) {
  std::string variable = "BSP_";
  for (char c : name) variable += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return variable + "_PLUGIN";
}

bool plausible_engine_name(const char* name) {
  if (!*name) return false;
  for (const char* c = name; *c; ++c)
    if (!std::isalnum(static_cast<unsigned char>(*c)) && *c != '_') return false;
  return true;
}

Plugin& plugin(const std::string& name) {
  static std::map<std::string, Plugin> loaded;
  auto found = loaded.find(name);
  if (found != loaded.end()) return found->second;
  Plugin& p = loaded[name];
  const std::string file = plugin_file(name);
  p.handle = dlopen(file.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
  std::vector<std::string> candidates;
  const char* named = std::getenv(plugin_variable(name).c_str());
  if (named && *named) {
    candidates.push_back(named);
  } else {
    for (const std::string& dir : plugin_directories()) candidates.push_back(dir + file);
    candidates.push_back(file);
  }
  for (const std::string& path : candidates) {
    if (p.handle) break;
    // Global: Open MPI loads components of its own that need libmpi's symbols.
    p.handle = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
    if (!p.handle) {
      const char* why = dlerror();
      p.error += (p.error.empty() ? "" : "; ") + std::string(why ? why : path + ": not found");
    }
  }
  if (p.handle && !(p.calls = calls_of(p.handle)))
    p.error = file + " lacks " + kEnginePluginSymbol + " of plugin interface " +
              std::to_string(kEnginePluginAbi) + "; it does not match this libbsp";
  return p;
}

const EnginePlugin* loaded_plugin(const std::string& name) {
  void* handle = dlopen(plugin_file(name).c_str(), RTLD_NOW | RTLD_NOLOAD);
  if (!handle) return nullptr;
  const EnginePlugin* calls = calls_of(handle);
  dlclose(handle);  // drops the reference NOLOAD took; the plugin stays loaded
  return calls;
}

const EnginePlugin* embedding_plugin(std::string* name) {
  // The engine names of the plugins in the process: walking the loader's list
  // of loaded objects reads no file and loads nothing.
  std::vector<std::string> names;
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* out) {
        std::string path = info->dlpi_name ? info->dlpi_name : "";
        std::string engine = engine_in_file_name(path.substr(path.rfind('/') + 1));
        if (!engine.empty()) static_cast<std::vector<std::string>*>(out)->push_back(engine);
        return 0;
      },
      &names);
  for (const std::string& engine : names) {
    const EnginePlugin* calls = loaded_plugin(engine);
    if (calls && calls->embedded && calls->embedded()) {
      *name = engine;
      return calls;
    }
  }
  return nullptr;
}

std::string installed_engines() {
  std::set<std::string> names;
  for (const std::string& dir : plugin_directories()) {
    DIR* d = dir.empty() ? nullptr : opendir(dir.c_str());
    if (!d) continue;
    while (dirent* entry = readdir(d)) {
      std::string engine = engine_in_file_name(entry->d_name);
      if (!engine.empty()) names.insert(engine);
    }
    closedir(d);
  }
  std::string list;
  std::size_t i = 0;
  for (const std::string& engine : names)
    list += (i++ == 0 ? "" : i == names.size() ? " or " : ", ") + engine;
  return list;
}

}  // namespace superstep
