// Which host runs which process of a udp job started with a hostfile: the
// slots are filled in the file's order (process 0 in the first slot), and
// with --oversubscribe filled again from the start when P exceeds them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "hostfile.hpp"

namespace bsprun {

struct RemoteHost {
  std::string name;        // as the hostfile writes it; the remote shell's argument
  std::vector<int> ranks;  // the processes it runs, in one remote-shell session
};

struct Placement {
  int nprocs = 0;
  std::vector<int> local;          // processes started on this machine
  std::vector<RemoteHost> remote;  // in the order the hostfile first names them
  std::string rendezvous;          // process 0's IPv4 address, as the others reach it
  std::string error;               // set when the job cannot be placed: "bsprun: ..."
};

// P processes on the hosts of `file` (read from `path`); without P, one per slot.
Placement place_processes(const Hostfile& file, const std::string& path, std::optional<int> nprocs,
                          bool oversubscribe);

}  // namespace bsprun
