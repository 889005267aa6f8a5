// What BSP_PROFILE records, per superstep of this process (docs/bspprof.md):
// the moments the superstep began, entered bsp_sync, got past the sync's
// exchange (the end of waiting) and left it; bytes and counts per partner and
// kind of request; registrations; the bsp_sync call site and a user label.
// One JSON line per superstep goes to this process's part file.
//
// A team (bsp_team_begin) gets a recorder of its own from the enclosing one (team()): it
// writes to the same part file, a line naming the team first, then the team's supersteps, the
// last of them marked "end" (bsp_team_end); the merge gathers them (profile_merge.cpp).
//
// The runtime holds a recorder only when profiling is on, and asks
// `if (profile_)` on its hot paths: with profiling off that is all it costs.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "profiler/profile_log.hpp"
#include "engines/engine.hpp"

namespace superstep::profile {

// Kinds of requests, in the order the profile format lists them.
enum Kind : int { kPut = 0, kHpput = 1, kGet = 2, kHpget = 3, kSend = 4, kKinds = 5 };
// Puts and hpputs of at most this many bytes are joined into records (core/put_tier2.hpp,
// messaging/outbox.hpp): the profile counts them apart, as small.
constexpr std::uint64_t kSmallBytes = 16;

class Recorder {
 public:
  // A recorder when BSP_PROFILE is set, else nullptr. Collective (it takes
  // one barrier so that process 0 can clear an older profile first).
  static std::unique_ptr<Recorder> start_if_asked(Engine& engine);
  // The recorder of a team this process enters, over the team's engine: `colour` as passed to
  // bsp_team_begin, `in` the enclosing machine's superstep the team runs in. It writes the
  // team's line (its path of [in, colour] from the outermost machine, its pid and size) now.
  std::unique_ptr<Recorder> team(Engine& team_engine, int colour, std::uint64_t in);

  // A request to (put, hpput, send) or from (get, hpget) process `partner`; `small` where
  // the library joins it into a record with others (a put or hpput of at most
  // kSmallBytes), so that the sync spends on it about its bytes only.
  // A small request counted here continues no run of puts before it (tier 1 counts those with
  // count_many): it is a record of its own, counted apart as well.
  [[gnu::always_inline]] void count(Kind kind, int partner, std::uint64_t nbytes, bool small) {
    Counter& c = counters_[static_cast<std::size_t>(partner) * kKinds + kind];
    if (c.count++ == 0) touched_.push_back(static_cast<std::uint32_t>(partner * kKinds + kind));
    c.bytes += nbytes;
    c.small += small;
    c.apart += small;
  }
  // `count` requests of one kind and `nbytes` bytes in all, `small` of them small, counted
  // at the sync rather than at each call: the puts that continued a run, or sends.
  void count_many(Kind kind, int partner, std::uint64_t count, std::uint64_t nbytes,
                  std::uint64_t small) {
    Counter& c = counters_[static_cast<std::size_t>(partner) * kKinds + kind];
    if (c.count == 0) touched_.push_back(static_cast<std::uint32_t>(partner * kKinds + kind));
    c.count += count;
    c.bytes += nbytes;
    c.small += small;
  }
  void push_reg() { ++pushes_; }
  void pop_reg() { ++pops_; }
  void site(const char* file, int line) {
    site_file_ = file;
    site_line_ = line;
  }
  // A superstep that a call of the library's own ends (bsp_team_begin): named by the call.
  void ended_by(const char* call) {
    site_file_ = call;
    site_line_ = 0;
  }
  void label(const char* text) { label_ = text ? text : ""; }

  void sync_entered() { enter_ns_ = now(); }
  void sync_exchanged() { arrive_ns_ = now(); }
  // Writes the superstep's line; the next superstep begins now.
  void sync_left(std::uint64_t superstep, bool end);

  // At bsp_end, after the final sync: notes that this process ended well.
  void finish();
  // Process 0, once every process has finished: makes the profile file.
  void merge_parts();

 private:
  struct Counter {
    std::uint64_t bytes = 0;
    std::uint64_t count = 0;
    std::uint64_t small = 0;  // of count, those joined into records
    std::uint64_t apart = 0;  // of small, those that continued no run: a record each
  };
  // `log`: the enclosing machine's part file for a team's recorder, else nullptr (its own).
  Recorder(Engine& engine, std::string file, MappedLog* log);
  std::int64_t now() const {
    return static_cast<std::int64_t>(engine_.seconds_since_start() * 1e9);
  }
  void write_header();
  void write_team_line();

  Engine& engine_;
  std::string file_;
  MappedLog own_log_;  // the part file, in the recorder of the machine bsp_begin started
  MappedLog* log_;     // &own_log_, or the enclosing machine's in a team's recorder
  // A team's [in, colour] per level from the outermost machine's; empty for that machine.
  std::vector<std::pair<std::uint64_t, int>> path_;
  std::vector<Counter> counters_;
  std::vector<std::uint32_t> touched_;
  std::uint32_t pushes_ = 0, pops_ = 0;
  const char* site_file_ = nullptr;
  int site_line_ = 0;
  std::string label_;
  std::int64_t begin_ns_ = 0, enter_ns_ = 0, arrive_ns_ = 0;
  // The superstep's line as a JSON value, kept from one superstep to the next
  // (profile_recorder.cpp).
  struct StepLine;
  struct StepLineDeleter {
    void operator()(StepLine* line) const;
  };
  std::unique_ptr<StepLine, StepLineDeleter> step_line_;
};

}  // namespace superstep::profile
