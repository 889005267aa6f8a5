#include "engines/engine_select.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "engines/mpi/plugin_abi.hpp"
#include "engines/shm/shm_engine.hpp"

#ifndef SUPERSTEP_MPI_PLUGIN
#define SUPERSTEP_MPI_PLUGIN "libbsp_mpi.so"
#endif
#ifndef SUPERSTEP_INSTALL_LIBDIR
#define SUPERSTEP_INSTALL_LIBDIR ""
#endif
#ifndef SUPERSTEP_BUILD_LIBDIR
#define SUPERSTEP_BUILD_LIBDIR ""
#endif

namespace superstep {

namespace {

enum class Choice { kShm, kMpi };

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

// The directory of the file this code was loaded from (libbsp.so, or the
// program when libbsp is linked statically), with a trailing slash.
std::string own_directory() {
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void*>(&start_engine), &info) || !info.dli_fname) return "";
  std::string path = info.dli_fname;
  std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

struct Plugin {
  void* handle = nullptr;
  std::string error;  // every place tried, and why it failed there
};

// An already loaded plugin (the program links libbsp_mpi to call
// bsp_mpi_use_communicator); else the file $BSP_MPI_PLUGIN names, when set;
// else the one next to libbsp (next to the program when libbsp is linked
// statically), the one in the install directory, the one in the build tree
// (for programs linked statically there), and whatever the loader finds by
// name.
Plugin& plugin() {
  static Plugin loaded = [] {
    Plugin p;
    p.handle = dlopen(SUPERSTEP_MPI_PLUGIN, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
    std::vector<std::string> candidates;
    const char* named = std::getenv("BSP_MPI_PLUGIN");
    if (named && *named) {
      candidates.push_back(named);
    } else {
      candidates.push_back(own_directory() + SUPERSTEP_MPI_PLUGIN);
      for (const char* dir : {SUPERSTEP_INSTALL_LIBDIR, SUPERSTEP_BUILD_LIBDIR})
        if (*dir) candidates.push_back(std::string(dir) + "/" + SUPERSTEP_MPI_PLUGIN);
      candidates.push_back(SUPERSTEP_MPI_PLUGIN);
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
    return p;
  }();
  return loaded;
}

template <typename Fn>
Fn plugin_function(const char* primitive, const char* why_mpi, const char* symbol) {
  Plugin& p = plugin();
  if (!p.handle)
    usage_error(primitive,
                "the MPI engine is needed (%s) but its plugin %s cannot be loaded (%s); set "
                "BSP_MPI_PLUGIN to the plugin's full path (cmake --install puts it next to "
                "libbsp, by default in %s; a Superstep built without MPI has none: rebuild it "
                "where MPI is installed), or set BSP_ENGINE=shm to run on this host's shared "
                "memory",
                why_mpi, SUPERSTEP_MPI_PLUGIN, p.error.c_str(), SUPERSTEP_INSTALL_LIBDIR);
  void* fn = dlsym(p.handle, symbol);
  if (!fn)
    usage_error(primitive, "the MPI engine plugin %s lacks %s; it does not match this libbsp",
                SUPERSTEP_MPI_PLUGIN, symbol);
  return reinterpret_cast<Fn>(fn);
}

// Whether the program called bsp_mpi_use_communicator: the plugin is then
// part of the program already.
bool embedded_in_mpi_program() {
  void* handle = dlopen(SUPERSTEP_MPI_PLUGIN, RTLD_NOW | RTLD_NOLOAD);
  if (!handle) return false;
  auto fn = reinterpret_cast<MpiEmbeddedFn>(dlsym(handle, kMpiEmbeddedSymbol));
  bool embedded = fn && fn();
  dlclose(handle);
  return embedded;
}

struct Selection {
  Choice choice;
  const char* why;  // for messages
};

Selection select(const char* primitive) {
  const char* forced = std::getenv("BSP_ENGINE");
  if (forced && *forced) {
    if (std::strcmp(forced, "shm") == 0) return {Choice::kShm, "BSP_ENGINE=shm"};
    if (std::strcmp(forced, "mpi") == 0) return {Choice::kMpi, "BSP_ENGINE=mpi"};
    usage_error(primitive, "BSP_ENGINE is \"%s\"; set it to shm or mpi, or leave it unset", forced);
  }
  if (embedded_in_mpi_program())
    return {Choice::kMpi, "the program called bsp_mpi_use_communicator"};
  if (started_by_mpi_launcher()) return {Choice::kMpi, "the program was started by mpirun"};
  return {Choice::kShm, "default"};
}

}  // namespace

Engine* start_engine(int nprocs) {
  Selection s = select("bsp_begin");
  if (s.choice == Choice::kShm) return shm::ShmEngine::start(nprocs);
  auto start = plugin_function<MpiStartFn>("bsp_begin", s.why, kMpiStartSymbol);
  return static_cast<Engine*>(start(nprocs));
}

void on_bsp_init(void (*spmd_part)(void)) {
  Selection s = select("bsp_init");
  if (s.choice == Choice::kShm) return;
  auto rank = plugin_function<MpiRankFn>("bsp_init", s.why, kMpiRankSymbol);
  if (rank() == 0) return;
  // Paper §2.2: only process 0 runs the sequential prefix; the others start
  // in the SPMD part, and bsp_end ends them.
  spmd_part();
  std::exit(0);
}

int agree_on_maxprocs(int maxprocs) {
  Selection s = select("bsp_begin");
  if (s.choice == Choice::kShm) return maxprocs;
  return plugin_function<MpiAgreeFn>("bsp_begin", s.why, kMpiAgreeSymbol)(maxprocs);
}

void stop_outside_begin_end(const char* message) {
  std::fflush(stdout);
  const char* forced = std::getenv("BSP_ENGINE");
  bool shm_forced = forced && std::strcmp(forced, "shm") == 0;
  if (shm_forced || launcher_rank() < 0) {
    std::fprintf(stderr, "%s\n", message);
    std::exit(1);
  }
  // Rank 0's exit ends the job within milliseconds. A rank that is still
  // alive a while later found an error rank 0 did not, and reports it.
  if (launcher_rank() > 0) {
    constexpr int kWaitMs = 2000;
    for (int waited = 0; waited < kWaitMs; waited += 50) usleep(50 * 1000);
  }
  std::fprintf(stderr, "%s\n", message);
  std::fflush(nullptr);
  // Where this process initialized MPI: an exit without MPI_Finalize makes
  // mpirun wait a second or two before it ends the job, MPI_Abort does not.
  if (void* loaded = dlopen(SUPERSTEP_MPI_PLUGIN, RTLD_NOW | RTLD_NOLOAD))
    if (auto abort_job = reinterpret_cast<MpiAbortFn>(dlsym(loaded, kMpiAbortSymbol))) abort_job();
  // Not exit(): with MPI initialized that would finalize it (plugin.cpp), and
  // MPI_Finalize waits for every rank; the launcher stops the others now.
  std::_Exit(1);
}

int mpi_processes_before_begin() {
  Selection s = select("bsp_nprocs");
  if (s.choice == Choice::kShm) return 0;
  return plugin_function<MpiProcessesFn>("bsp_nprocs", s.why, kMpiProcessesSymbol)();
}

}  // namespace superstep
