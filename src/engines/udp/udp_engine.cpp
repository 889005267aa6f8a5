#include "engines/udp/udp_engine.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "engines/common/crash_report.hpp"
#include "util/block_copy.hpp"

namespace superstep::udp {

UdpEngine::UdpEngine(Transport& transport, int nprocs)
    : transport_(transport),
      group_(Group::first(nprocs, transport.size(), transport.rank())),
      nprocs_(nprocs),
      summaries_(nprocs) {
  start_ = Clock::now();
  install_crash_report(transport_.rank(), &Transport::tell_died);
}

UdpEngine::UdpEngine(Group team, const UdpEngine& enclosing)
    : transport_(enclosing.transport_),
      group_(std::move(team)),
      nprocs_(group_.size()),
      team_(true),
      start_(enclosing.start_),
      summaries_(nprocs_) {
  transport_.begin_team();
}

// Ordered by key, then by pid, as MPI_Comm_split orders.
Engine* UdpEngine::split(int colour, int key) {
  struct Choice {
    std::int32_t colour, key;
  };
  const Choice mine{colour, key};
  Arrivals got;
  transport_.round(group_, 0, &mine, sizeof mine, nullptr, got, false);
  std::vector<Choice> all(nprocs_);
  for (int q = 0; q < nprocs_; ++q) {
    if (q == pid()) {
      all[q] = mine;
    } else if (got.summary[q].size() == sizeof(Choice)) {
      std::memcpy(&all[q], got.summary[q].data(), sizeof(Choice));
    }
  }
  std::vector<int> pids;
  for (int q = 0; q < nprocs_; ++q)
    if (all[q].colour == colour) pids.push_back(q);
  std::stable_sort(pids.begin(), pids.end(), [&](int a, int b) { return all[a].key < all[b].key; });
  std::vector<int> ranks;
  for (int q : pids) ranks.push_back(group_.ranks[q]);
  return new UdpEngine(Group::of(std::move(ranks), transport_.size(), transport_.rank()), *this);
}

// Every sync is one round: the summaries ride on the count packets
// (kSummaryBytes each), so an empty superstep costs one exchange of counts, the barrier.
std::uint32_t UdpEngine::exchange(const Publication& mine) {
  parity_ = static_cast<int>(mine.superstep & 1);
  Arrivals& in = streams_[parity_];
  // The streams stay until the next exchange of the same parity (engine.hpp),
  // two rounds or more from now: packets point into them.
  std::uint32_t all =
      transport_.round(group_, mine.flags, &mine.summary, sizeof mine.summary,
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
  transport_.round(group_, 0, nullptr, 0, out_per_dst, replies_, false);
}

std::uint32_t UdpEngine::barrier(std::uint32_t flags) {
  return transport_.round(group_, flags, nullptr, 0, nullptr, nothing_, false);
}

void UdpEngine::note_superstep(std::uint64_t superstep) {
  transport_.note_superstep(superstep);
  note_crash_superstep(superstep);
}

void UdpEngine::finish() {
  if (team_) {
    // Everything of the team was delivered in its last rounds: the machine
    // it split from goes on with its own round numbers and superstep.
    transport_.end_team();
    note_crash_superstep(transport_.superstep());
    return;
  }
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
// silence it). In a team only its processes found it: its process 0 says it
// and tells the processes outside the team; the others end quietly.
void UdpEngine::abort_all(const char* message, ErrorScope scope) {
  if (scope == ErrorScope::kCollective) {
    if (!team_ || pid() != 0) transport_.end_quietly(pid() == 0 ? message : nullptr);
    transport_.abort_run(message, group_.ranks);
  }
  transport_.abort_run(message);
}

}  // namespace superstep::udp
