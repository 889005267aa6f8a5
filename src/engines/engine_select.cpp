#include "engines/engine_select.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "engines/launchers.hpp"
#include "engines/plugins.hpp"
#include "engines/shm/shm_engine.hpp"
#include "util/errors.hpp"

#ifndef SUPERSTEP_INSTALL_LIBDIR
#define SUPERSTEP_INSTALL_LIBDIR ""
#endif

namespace superstep {

namespace {

// The default engine, in libbsp itself; every other one is a plugin.
constexpr const char* kShm = "shm";

struct Selection {
  std::string name;  // "shm", or the name of a plugin engine
  std::string why;   // for messages
};

// BSP_ENGINE, when set and not empty.
const char* forced_engine() {
  const char* forced = std::getenv("BSP_ENGINE");
  return forced && *forced ? forced : nullptr;
}

// BSP_ENGINE names a plugin: it must be one that loads, unless a launcher is
// declared for it (plugin_calls then says how to get its plugin).
void check_forced_plugin(const char* primitive, const char* forced) {
  bool plausible = plausible_engine_name(forced);
  if (plausible && (launcher_for(forced) || plugin(forced).calls)) return;
  std::string installed = installed_engines();
  usage_error(primitive,
              "BSP_ENGINE is \"%s\"; set it to shm%s%s (the engines whose plugins "
              "libbsp_<name>.so are installed here), or leave it unset%s%s",
              forced, installed.empty() ? "" : " or ", installed.c_str(), plausible ? ": " : "",
              plausible ? plugin(forced).error.c_str() : "");
}

Selection select(const char* primitive) {
  if (const char* forced = forced_engine()) {
    if (std::strcmp(forced, kShm) == 0) return {kShm, "BSP_ENGINE=shm"};
    check_forced_plugin(primitive, forced);
    return {forced, "BSP_ENGINE names it"};
  }
  std::string embedding;
  if (embedding_plugin(&embedding))
    return {embedding, "the program handed it the processes to run on"};
  if (const Launcher* launcher = launcher_of_this_process())
    return {launcher->engine, std::string("a launcher of ") + launcher->engine + " jobs started "
                              "the program"};
  return {kShm, "default"};
}

// The calls of the selected plugin engine; stops with a message that says
// what to do when its plugin cannot be loaded.
const EnginePlugin& plugin_calls(const char* primitive, const Selection& s) {
  Plugin& p = plugin(s.name);
  if (!p.calls) {
    const Launcher* launcher = launcher_for(s.name.c_str());
    const char* missing = launcher && *launcher->missing ? launcher->missing : "";
    usage_error(primitive,
                "the %s engine is needed (%s) but its plugin %s cannot be loaded (%s); set "
                "%s to the plugin's full path (cmake --install puts it next to libbsp, by "
                "default in %s%s%s), or set BSP_ENGINE=shm to run on this host's shared memory",
                s.name.c_str(), s.why.c_str(), plugin_file(s.name).c_str(), p.error.c_str(),
                plugin_variable(s.name).c_str(), SUPERSTEP_INSTALL_LIBDIR, *missing ? "; " : "",
                missing);
  }
  return *p.calls;
}

// The rank of this process in a job of processes that each run the whole
// program, or -1; and the plugin that can end that job, where one is loaded.
// From a plugin engine BSP_ENGINE names (only when its plugin loads: a failure
// to load it may be what is reported), else from a launcher's variables.
int job_rank(const EnginePlugin** calls) {
  const char* forced = forced_engine();
  if (forced && std::strcmp(forced, kShm) == 0) return -1;
  if (forced && plausible_engine_name(forced) && !launcher_for(forced)) {
    *calls = plugin(forced).calls;
    return *calls ? (*calls)->rank() : -1;
  }
  const Launcher* launcher = forced ? launcher_for(forced) : launcher_of_this_process();
  if (!launcher) return -1;
  // Where this process initialized the engine: ending the job through it is
  // quicker than an exit the launcher must notice.
  *calls = loaded_plugin(launcher->engine);
  return launcher_rank(*launcher);
}

[[noreturn]] void stop_outside_begin_end(const char* message) {
  std::fflush(stdout);
  const EnginePlugin* calls = nullptr;
  int rank = job_rank(&calls);
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
  // An exit without MPI_Finalize makes mpirun wait a second or two before it
  // ends the job, MPI_Abort does not.
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

int job_processes_before_begin() {
  Selection s = select("bsp_nprocs");
  if (s.name == kShm) return 0;
  return plugin_calls("bsp_nprocs", s).processes();
}

}  // namespace superstep
