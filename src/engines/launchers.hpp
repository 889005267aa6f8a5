// The launchers that start the processes of a job for a plugin engine (mpirun
// for mpi), as the engines' folders declare them (superstep_engine_launcher
// in src/CMakeLists.txt; the table is generated into the build and compiled
// into libbsp). Compiled in rather than asked of the plugins, so that a plain
// program learns that no launcher started it without loading any plugin (and
// libmpi with it) and without reading any file.
#pragma once

namespace superstep {

struct Launcher {
  static constexpr int kMaxVariables = 8;
  const char* engine;  // the plugin engine its jobs run on
  // Variables such a launcher sets in every process it starts; nullptr ends.
  const char* detect[kMaxVariables];
  // Where it says this process's rank in the job, first set wins; nullptr ends.
  const char* rank[kMaxVariables];
  // What to tell a user whose Superstep lacks the engine's plugin, or "".
  const char* missing;
};

// The launcher that started this process (one of its variables is set), or
// nullptr.
const Launcher* launcher_of_this_process();

// The launcher declared for engine `name`, or nullptr.
const Launcher* launcher_for(const char* name);

// This process's rank in the job `launcher` started, or -1 when it says none.
int launcher_rank(const Launcher& launcher);

}  // namespace superstep
