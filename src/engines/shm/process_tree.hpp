// How a shared-memory run's processes are created, and why they form this tree:
//
//   pid 0 (the program, which called bsp_begin)
//     intermediate (exits at once; pid 0 reaps it inside bsp_begin)
//       supervisor (then an orphan: its parent is init, or the nearest subreaper)
//         worker 1 .. worker p-1 (the BSP processes 1..p-1)
//
// Processes 1..p-1 are copies of pid 0 made at bsp_begin, but they are not
// pid 0's children: the program's own wait(), waitpid(-1) and SIGCHLD handling
// see only the children it made itself, and a worker's death is reported by
// the supervisor whatever the program does with SIGCHLD. The supervisor
// follows pid 0's fate: it kills the workers when pid 0 dies, and the workers
// die with the supervisor (PR_SET_PDEATHSIG).
#pragma once

#include "engines/shm/control_block.hpp"

namespace superstep::shm {

// Called in pid 0 with nprocs >= 2 after the control block is made and every
// output buffer flushed. Returns this process's BSP pid: 0 in pid 0 (once the
// supervisor's pid is in the control block), q in worker q. stop_fd (an
// eventfd every process inherits) is written whenever the run is stopped. On
// failure prints why and exits.
int start_processes(ControlBlock control, int nprocs, int stop_fd);

}  // namespace superstep::shm
