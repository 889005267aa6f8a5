#include "udp_host.hpp"

#include <cstdio>
#include <cstring>

#include "job_processes.hpp"
#include "options.hpp"
#include "rank_list.hpp"

namespace bsprun {

int run_udp_host(int argc, char** argv) {
  auto ranks = argc >= 3 ? parse_ranks(argv[0]) : std::nullopt;
  if (!ranks || std::strcmp(argv[1], "--") != 0) {
    std::fprintf(stderr, "bsprun: usage: bsprun %s RANKS -- program [arguments...]\n",
                 kUdpHostOption);
    return kExitUsage;
  }
  JobProcesses job;
  for (int rank : *ranks) {
    if (!job.start_rank(rank, argv + 2)) {
      job.kill_all();
      job.wait(false);
      return 1;
    }
  }
  return job.wait(true);
}

}  // namespace bsprun
