#include "engines/engine_select.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "util/errors.hpp"
#include "engines/mpi/plugin_abi.hpp"
#include "engines/plugin_abi.hpp"
#include "engines/shm/shm_engine.hpp"
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

constexpr const char* kShm = "shm";
constexpr const char* kMpi = "mpi";

// Variables that MPI launchers set in every process they start: Open MPI,
// PMIx (Open MPI 5, Slurm), PMI-1/2 (MPICH's Hydra, Intel MPI, Slurm), and
// MPICH's Hydra.
constexpr const char* kLauncherVariables[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK",
                                              "PMI_SIZE", "MPI_LOCALNRANKS"};

// This process's rank in the job started by an MPI launcher, or -1.
int launcher_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"})
    if (const char* value = std::getenv(name)) return std::atoi(value);
  return -1;
}

bool started_by_mpi_launcher() {
  for (const char* name : kLauncherVariables)
    if (std::getenv(name)) return true;
  return false;
}

// The file name of engine `name`'s plugin: libbsp_<name>.so.<major>.
std::string plugin_file(const std::string& name) {
  std::string file = "libbsp_" + name + ".so";
  if (*SUPERSTEP_PLUGIN_SOVERSION) file += std::string(".") + SUPERSTEP_PLUGIN_SOVERSION;
  return file;
}

// BSP_<NAME>_PLUGIN: where the user says engine `name`'s plugin is.
std::string plugin_variable(const std::string& name) {
  std::string variable = "BSP_";
  for (char c : name) variable += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return variable + "_PLUGIN";
}

struct Plugin {
  void* handle = nullptr;
  const EnginePlugin* calls = nullptr;
  std::string error;  // every place tried, and why it failed there
};

// Engine `name`'s plugin, loaded on first use: one already loaded (a program
// that links libbsp_mpi to call bsp_mpi_use_communicator); else the file
// $BSP_<NAME>_PLUGIN names, when set; else the one next to libbsp (next to the
// program when libbsp is linked statically), the one in the install
// directory, the one in the build tree (for programs linked statically
// there), and whatever the loader finds by name.
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
    candidates.push_back(directory_loaded_from(reinterpret_cast<void*>(&start_engine)) + file);
    for (const char* dir : {SUPERSTEP_INSTALL_LIBDIR, SUPERSTEP_BUILD_LIBDIR})
      if (*dir) candidates.push_back(std::string(dir) + "/" + file);
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
  if (p.handle) {
    auto entry = reinterpret_cast<EnginePluginFn>(dlsym(p.handle, kEnginePluginSymbol));
    p.calls = entry ? entry() : nullptr;
    if (!p.calls || p.calls->abi != kEnginePluginAbi)
      p.error = file + " lacks " + kEnginePluginSymbol + " of plugin interface " +
                std::to_string(kEnginePluginAbi) + "; it does not match this libbsp";
  }
  return p;
}

bool usable(const Plugin& p) { return p.calls && p.calls->abi == kEnginePluginAbi; }

struct Selection {
  std::string name;  // "shm", or the name of a plugin engine
  const char* why;   // for messages
};

// Whether the program called bsp_mpi_use_communicator: the plugin is then
// part of the program already.
bool embedded_in_mpi_program() {
  void* handle = dlopen(plugin_file(kMpi).c_str(), RTLD_NOW | RTLD_NOLOAD);
  if (!handle) return false;
  auto fn = reinterpret_cast<MpiEmbeddedFn>(dlsym(handle, kMpiEmbeddedSymbol));
  bool embedded = fn && fn();
  dlclose(handle);
  return embedded;
}

// An engine name is a plain word: it becomes part of a file name.
bool plausible_name(const char* name) {
  for (const char* c = name; *c; ++c)
    if (!std::isalnum(static_cast<unsigned char>(*c)) && *c != '_') return false;
  return true;
}

Selection select(const char* primitive) {
  const char* forced = std::getenv("BSP_ENGINE");
  if (forced && *forced) {
    if (std::strcmp(forced, kShm) == 0) return {kShm, "BSP_ENGINE=shm"};
    // mpi keeps its own message below when its plugin is missing; any other
    // name must name a plugin that loads.
    if (std::strcmp(forced, kMpi) != 0 && (!plausible_name(forced) || !usable(plugin(forced))))
      usage_error(primitive,
                  "BSP_ENGINE is \"%s\"; set it to shm or mpi, or to the name of another engine "
                  "whose plugin libbsp_<name>.so is installed (udp), or leave it unset%s%s",
                  forced, plausible_name(forced) ? ": " : "",
                  plausible_name(forced) ? plugin(forced).error.c_str() : "");
    return {forced, "BSP_ENGINE names it"};
  }
  if (embedded_in_mpi_program()) return {kMpi, "the program called bsp_mpi_use_communicator"};
  if (started_by_mpi_launcher()) return {kMpi, "the program was started by mpirun"};
  return {kShm, "default"};
}

// The calls of the selected plugin engine; stops with a message that says
// what to do when its plugin cannot be loaded.
const EnginePlugin& plugin_calls(const char* primitive, const Selection& s) {
  Plugin& p = plugin(s.name);
  if (!usable(p)) {
    const std::string file = plugin_file(s.name);
    usage_error(primitive,
                "the %s engine is needed (%s) but its plugin %s cannot be loaded (%s); set "
                "%s to the plugin's full path (cmake --install puts it next to libbsp, by "
                "default in %s%s), or set BSP_ENGINE=shm to run on this host's shared memory",
                s.name.c_str(), s.why, file.c_str(), p.error.c_str(),
                plugin_variable(s.name).c_str(), SUPERSTEP_INSTALL_LIBDIR,
                s.name == kMpi ? "; a Superstep built without MPI has none: rebuild it where MPI "
                                 "is installed"
                               : "");
  }
  return *p.calls;
}

[[noreturn]] void stop_outside_begin_end(const char* message) {
  std::fflush(stdout);
  // The rank in a job of processes that each run the whole program: from an
  // MPI launcher's variables, or from a plugin engine BSP_ENGINE names (only
  // when its plugin loads: a failure to load it may be what is reported).
  const char* forced = std::getenv("BSP_ENGINE");
  const EnginePlugin* calls = nullptr;
  int rank = -1;
  if (forced && *forced && std::strcmp(forced, kShm) != 0 && std::strcmp(forced, kMpi) != 0) {
    if (plausible_name(forced) && usable(plugin(forced))) calls = plugin(forced).calls;
    if (calls) rank = calls->rank();
  } else if (!(forced && std::strcmp(forced, kShm) == 0)) {
    rank = launcher_rank();
  }
  if (rank < 0) {
    std::fprintf(stderr, "%s\n", message);
    std::exit(1);
  }
  // Rank 0's exit ends the job within milliseconds. A rank that is still
  // alive a while later found an error rank 0 did not, and reports it.
  if (rank > 0) {
    constexpr int kWaitMs = 2000;
    for (int waited = 0; waited < kWaitMs; waited += 50) usleep(50 * 1000);
  }
  std::fprintf(stderr, "%s\n", message);
  std::fflush(nullptr);
  // Where this process initialized MPI: an exit without MPI_Finalize makes
  // mpirun wait a second or two before it ends the job, MPI_Abort does not.
  if (!calls)
    if (void* loaded = dlopen(plugin_file(kMpi).c_str(), RTLD_NOW | RTLD_NOLOAD))
      if (auto entry = reinterpret_cast<EnginePluginFn>(dlsym(loaded, kEnginePluginSymbol)))
        calls = entry();
  if (calls) calls->abort_job();
  // Not exit(): with MPI initialized that would finalize it (plugin.cpp), and
  // MPI_Finalize waits for every rank; the launcher stops the others now.
  std::_Exit(1);
}

// Installed when libbsp (or the program linking it statically) is loaded,
// before any code can find an error.
[[maybe_unused]] const bool g_outside_stop_installed =
    (set_outside_stop_hook(&stop_outside_begin_end), true);

}  // namespace

Engine* start_engine(int nprocs) {
  Selection s = select("bsp_begin");
  if (s.name == kShm) return shm::ShmEngine::start(nprocs);
  return plugin_calls("bsp_begin", s).start(nprocs);
}

void on_bsp_init(void (*spmd_part)(void)) {
  Selection s = select("bsp_init");
  if (s.name == kShm) return;
  const EnginePlugin& calls = plugin_calls("bsp_init", s);
  if (calls.before_prefix) calls.before_prefix();
  if (calls.rank() == 0) return;
  // Paper §2.2: only process 0 runs the sequential prefix; the others start
  // in the SPMD part, and bsp_end ends them.
  spmd_part();
  std::exit(0);
}

int agree_on_maxprocs(int maxprocs) {
  Selection s = select("bsp_begin");
  if (s.name == kShm) return maxprocs;
  return plugin_calls("bsp_begin", s).agree_maxprocs(maxprocs);
}

int mpi_processes_before_begin() {
  Selection s = select("bsp_nprocs");
  if (s.name == kShm) return 0;
  return plugin_calls("bsp_nprocs", s).processes();
}

}  // namespace superstep
