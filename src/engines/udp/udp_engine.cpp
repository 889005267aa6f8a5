#include "engines/udp/udp_engine.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "engines/common/crash_report.hpp"
#include "util/block_copy.hpp"

namespace superstep::udp {

UdpEngine::UdpEngine(Transport& transport, int nprocs)
    : transport_(transport), nprocs_(nprocs), summaries_(nprocs) {
  start_ = Clock::now();
  install_crash_report(transport_.rank(), &Transport::tell_died);
}

// Every sync is one round: the summaries ride on the count packets
// (kSummaryBytes each), so an empty superstep costs one exchange of counts, the barrier.
std::uint32_t UdpEngine::exchange(const Publication& mine) {
  parity_ = static_cast<int>(mine.superstep & 1);
  Arrivals& in = streams_[parity_];
  // The streams stay until the next exchange of the same parity (engine.hpp),
  // two rounds or more from now: packets point into them.
  std::uint32_t all =
      transport_.round(nprocs_, mine.flags, &mine.summary, sizeof mine.summary,
                       (mine.flags & kFlagStream) ? mine.streams : nullptr, in, true);
  for (int q = 0; q < nprocs_; ++q) {
    if (q == pid()) {
      summaries_[q] = mine.summary;
    } else if (in.summary[q].size() == sizeof(SummaryBlob)) {
      std::memcpy(&summaries_[q], in.summary[q].data(), sizeof(SummaryBlob));
    }
  }
  return all;
}

void UdpEngine::fetch(int src, void* into) {
  copy_block(into, incoming_data(src), incoming_size(src));
}

void UdpEngine::exchange_replies(const StreamRef* out_per_dst, const bool*) {
  // Replies need to stay valid only during the call: their packets copy them.
  transport_.round(nprocs_, 0, nullptr, 0, out_per_dst, replies_, false);
}

std::uint32_t UdpEngine::barrier(std::uint32_t flags) {
  return transport_.round(nprocs_, flags, nullptr, 0, nullptr, nothing_, false);
}

void UdpEngine::note_superstep(std::uint64_t superstep) {
  transport_.note_superstep(superstep);
  note_crash_superstep(superstep);
}

void UdpEngine::finish() {
  std::fflush(nullptr);
  transport_.farewell(nprocs_);
  remove_crash_report();
  if (job().stats) print_stats(pid(), transport_.stats());
  if (pid() != 0) {
    std::fflush(nullptr);
    std::exit(0);
  }
}

// A collective error was found by every process at the same point, after a
// round they all completed: process 0 says it, and nobody needs to tell
// anybody (a stop request could reach process 0 before it printed, and
// silence it).
void UdpEngine::abort_all(const char* message, ErrorScope scope) {
  if (scope == ErrorScope::kCollective) transport_.end_quietly(pid() == 0 ? message : nullptr);
  transport_.abort_run(message);
}

}  // namespace superstep::udp
