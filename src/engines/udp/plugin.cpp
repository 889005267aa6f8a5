// The entry point of libbsp_udp (engines/plugin_abi.hpp). The job's transport
// is made on first need: the agreement on maxprocs before bsp_begin, or
// bsp_init, where process 0 meets the others before its sequential prefix so
// that they, waiting in bsp_begin, hear its heartbeat meanwhile.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "engines/plugin_abi.hpp"
#include "engines/udp/job.hpp"
#include "engines/udp/transport.hpp"
#include "engines/udp/udp_engine.hpp"

namespace superstep::udp {
namespace {

Transport& world() {
  static Transport* t = new Transport(job());  // lives until the process ends
  return *t;
}

int processes() { return job().size; }

int rank() { return job().rank; }

void before_prefix() {
  if (job().size > 1) world();
}

int agree_maxprocs(int maxprocs) {
  Transport& t = world();
  // Only process 0's counts (paper §2.2: only it ran the prefix).
  Arrivals got;
  std::int32_t mine = maxprocs;
  const Group everybody = Group::first(t.size(), t.size(), t.rank());
  t.round(everybody, 0, &mine, sizeof mine, nullptr, got, false);
  if (t.rank() != 0 && got.summary[0].size() == sizeof mine)
    std::memcpy(&mine, got.summary[0].data(), sizeof mine);
  return mine;
}

void abort_job() {}  // a launcher ends the job when a process exits with an error

Engine* start(int nprocs) {
  Transport& t = world();
  int used = nprocs < t.size() ? nprocs : t.size();
  // A common start for bsp_time, and for those that take no part the sign
  // that the others have all they sent.
  Arrivals none;
  const Group everybody = Group::first(t.size(), t.size(), t.rank());
  t.round(everybody, 0, nullptr, 0, nullptr, none, false);
  if (t.rank() >= used) {
    t.farewell(t.size());
    std::fflush(nullptr);
    std::exit(0);
  }
  return new UdpEngine(t, used);
}

}  // namespace
}  // namespace superstep::udp

extern "C" const superstep::EnginePlugin* superstep_engine_plugin() {
  using namespace superstep::udp;
  static const superstep::EnginePlugin calls{superstep::kEnginePluginAbi,
                                             processes,
                                             rank,
                                             agree_maxprocs,
                                             abort_job,
                                             start,
                                             before_prefix,
                                             nullptr};
  return &calls;
}
