// The put path while profiling or checking (watched_): what the API (api/put.cpp) calls instead
// of tiers 2 and 3 (core/put_tier2.hpp, put_tier3.hpp), and the runs profiling counts.
//
// Check mode sees every put in watched_put, with its call site. Profiling alone takes tier 2
// (profiled_put_like_last in core/put_tier2.hpp, with profiled_put_max_) and counts the put it
// takes, so that the program's inline tier 1 (superstep/detail/put_tier1.h) gets its runs while
// profiling too. Each such run lies in the table of its opener's kind and size
// (superstep_put_table_of): every put it holds is of that kind and size, and its puts are
// counted when it ends, as its bytes over that size, to its process: when the next run to that
// process opens, and at every sync, push and pop. So every put is counted exactly once, per
// superstep, destination and kind, and the puts of a run cost no more than unprofiled ones.
#include "core/put_tier2.hpp"
#include "core/put_tier3.hpp"
#include "core/runtime.hpp"
#include "profiler/profile_recorder.hpp"

namespace superstep {

bool Runtime::watched_put(CallSite site, int pid, const void* src, void* dst, std::uint64_t offset,
                          std::uint64_t nbytes, bool hp) {
  const std::uint64_t remote = resolve(pid, dst, offset, nbytes);
  if (remote == 0) return false;
  // The puts tier 2 joins into records are those the profile counts as small.
  static_assert(LastPut::kMaxBytes == profile::kSmallBytes);
  if (profile_)
    profile_->count(hp ? profile::kHpput : profile::kPut, pid, nbytes,
                    nbytes <= profile::kSmallBytes);
  if (check_ && checked_put(site, pid, src, remote, nbytes, hp)) return true;
  write_put(pid, src, dst, remote, nbytes, hp, profiled_put_max_);
  return true;
}

void Runtime::open_profiled_run(int pid, const void* ident, std::uint64_t end, std::uint64_t size,
                                int nbytes, bool hp) {
  // Tier 1 continues runs of 8- and 16-byte puts only; only where every put it may take is a
  // small one, as open_put_run.
  if ((nbytes != 8 && nbytes != 16) || profiled_put_max_ < LastPut::kMaxBytes) return;
  close_profiled_run(pid);
  const auto table = static_cast<std::size_t>(superstep_put_table_of(hp, nbytes));
  PutRun& run =
      put_runs_[table * static_cast<std::size_t>(nprocs_) + static_cast<std::size_t>(pid)];
  open_run_in(run, pid, ident, end, size);
  profiled_runs_[pid] = {&run, run.run.at, static_cast<std::uint32_t>(nbytes), hp};
}

void Runtime::close_profiled_run(int pid) {
  ProfiledRun& open = profiled_runs_[pid];
  if (!open.run) return;
  outbox_[parity_].settle(pid);  // the lane no longer points at the run
  // Tier 1 moved `at` on by open.nbytes a put; settling leaves it where the run ended.
  const auto grown = static_cast<std::uint64_t>(open.run->run.at - open.opened_at);
  if (grown != 0)
    profile_->count_many(open.hp ? profile::kHpput : profile::kPut, pid, grown / open.nbytes, grown,
                         grown / open.nbytes);  // 8- or 16-byte puts: all small
  *open.run = PutRun{};
  open = ProfiledRun{};
}

void Runtime::close_profiled_runs() {
  if (profiled_runs_.empty()) return;  // check mode: no runs
  // A run opens only after a put that remember_put noted.
  for (int pid : remembered_) close_profiled_run(pid);
}

}  // namespace superstep
