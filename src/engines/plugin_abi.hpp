// The one entry point every engine plugin (libbsp_<name>.so) exports, and the
// table of calls it returns. libbsp finds the plugin by the engine's name
// (BSP_ENGINE=name, engine_select.cpp), looks up kEnginePluginSymbol with
// dlsym and calls it once. Both sides include this header, so the names and
// types agree; kEnginePluginAbi changes whenever the table or the Engine
// interface it hands out (engine.hpp) does.
#pragma once

#include <cstdint>

namespace superstep {

class Engine;

inline constexpr std::uint32_t kEnginePluginAbi = 6;  // 6: areas shared a part at a time

struct EnginePlugin {
  std::uint32_t abi;  // kEnginePluginAbi of the plugin's build
  // The processes of the job the launcher started (what bsp_nprocs() reports
  // before bsp_begin). Every process of the job runs the program.
  int (*processes)();
  // This process's rank in that job: rank 0 runs the sequential prefix of a
  // bsp_init program, the others go straight to the SPMD part.
  int (*rank)();
  // Collective over the job: process 0's maxprocs, for every process.
  int (*agree_maxprocs)(int maxprocs);
  // Ends the whole job at once after an error outside bsp_begin..bsp_end, when
  // the engine has something to end (else returns and the process exits).
  void (*abort_job)();
  // Starts the engine for bsp_begin(nprocs): an Engine in the processes that
  // take part; the others end inside. On failure prints why and exits.
  Engine* (*start)(int nprocs);
  // Optional (nullptr: nothing). bsp_init calls it in every process before
  // process 0 runs the sequential prefix, for an engine whose processes must
  // meet before the others wait for process 0 in bsp_begin.
  void (*before_prefix)();
  // Optional (nullptr: never). Whether the program handed this engine the
  // processes to run on (bsp_mpi_use_communicator, include/bsp_mpi.h): the
  // selector then picks it without BSP_ENGINE or a launcher. Asked only of a
  // plugin that is part of the process already (linked by the program), and
  // cheap: it only reads what the program set.
  int (*embedded)();
};

using EnginePluginFn = const EnginePlugin* (*)();
inline constexpr const char* kEnginePluginSymbol = "superstep_engine_plugin";

}  // namespace superstep
