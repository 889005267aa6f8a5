// Who this process is in a udp job: rank, size and where to meet, from the
// environment that bsprun --engine udp sets (BSP_UDP_RANK, BSP_UDP_SIZE,
// BSP_UDP_RENDEZVOUS=host:port, the address process 0 listens on, and
// BSP_UDP_KEY, the run's key), or from a
// cluster launcher's (Slurm's SLURM_PROCID/SLURM_NTASKS, Open MPI's, PMI's)
// with BSP_UDP_RENDEZVOUS set by the user.
#pragma once

#include <cstdint>
#include <string>

namespace superstep::udp {

struct Job {
  int rank = 0;
  int size = 1;
  std::string host;  // rendezvous host (process 0's address); empty when size is 1
  int port = 0;
  // BSP_UDP_KEY (16 hex digits): the run's key, drawn by the launcher (bsprun);
  // then process 0 and the others only meet processes that have it. 0: process
  // 0 draws the key and hands it out at the rendezvous.
  std::uint64_t key = 0;
  double timeout_s = 2.0;  // BSP_UDP_TIMEOUT: a silent process is declared dead after this
  bool stats = false;      // BSP_UDP_STATS=1: print counters at bsp_end
  // BSP_UDP_ORDER=pid: visit destinations in pid order instead of the latin
  // square (a benchmark aid, to measure what the schedule is worth).
  bool pid_order = false;
  // BSP_UDP_SOCKET_FD (process 0 only): a socket bsprun bound to `port` and
  // left open for this process, so that no other program can take the port
  // between the two; -1: none, process 0 binds the port itself.
  int socket_fd = -1;
};

// The job of this process; prints why and exits when the environment is
// incomplete or malformed.
const Job& job();

}  // namespace superstep::udp
