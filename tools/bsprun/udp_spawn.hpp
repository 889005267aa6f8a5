// bsprun --engine udp: bsprun runs itself as
//   bsprun --spawn-udp P ADDRESS [--rsh CMD] [--local RANKS] [--host NAME RANKS]... -- program args
// in place of the program; that process (the group leader bsprun's timeout and
// signals reach) starts the job's processes with their rank, the job's size,
// the rendezvous address (ADDRESS, process 0's, and a port) and a random key
// for the run in the environment:
// those of this host itself, those of each other host through one remote-shell
// session (remote_command.hpp), and ends with the job's status.
#pragma once

#include <string>
#include <vector>

#include "options.hpp"

namespace bsprun {

inline constexpr const char* kSpawnUdpOption = "--spawn-udp";

struct UdpLaunch {
  std::vector<std::string> command;  // the command line above
  int nprocs = 0;                    // P: -n, else the hostfile's slots
  std::string error;                 // set when the hostfile cannot be used: "bsprun: ..."
};

// What bsprun starts for `options` (--engine udp): all processes on this host,
// or placed on the hosts of --hostfile (placement.hpp).
UdpLaunch udp_launch(const Options& options);

// argv: what follows --spawn-udp. Returns the exit status: process 0's when it
// failed, else the first failure of another, else 0.
int spawn_udp(int argc, char** argv);

}  // namespace bsprun
