// bsprun --engine udp: bsprun runs itself as `bsprun --spawn-udp P program
// args...` in place of the program; that process (the group leader bsprun's
// timeout and signals reach) starts the P processes of the job with their
// rank, the job's size and the rendezvous address (process 0's, on this
// host's loopback) in the environment, and ends with the job's status.
#pragma once

namespace bsprun {

inline constexpr const char* kSpawnUdpOption = "--spawn-udp";

// argv: the program and its arguments. Returns the exit status: process 0's
// when it failed, else the first failure of another, else 0.
int spawn_udp(int nprocs, char** argv);

}  // namespace bsprun
