// Teams on the shared-memory engine (Engine::split, bsp_team_begin): a team
// is an engine of its own over some of the run's processes, whose syncs meet
// those processes only. It moves everything through the team arena, one
// anonymous shared mapping reserved before the fork (so every process sees
// it at the same address, and nothing has a name that could be left behind;
// pages exist only where a team writes):
//   per nesting level and process, a slot: the barrier of the team the
//     process leads at that level (its lowest process), and the colour and
//     key it passed when its machine last split;
//   per nesting level and process, a region where the process leaves, per
//     superstep parity, its summary, its streams to the other members of its
//     team and its replies to their gets, with a descriptor per member; and
//     the arrival lines of the team it leads there, where the team's barrier
//     works by arrivals (as the machine's would at the team's size).
// A process is in one team per level at a time, and a team's slot and
// regions are reused by later teams only after a sync of the enclosing
// machine, which every process of the earlier team has reached.
#pragma once

#include <cstdint>
#include <vector>

#include "engines/engine.hpp"
#include "engines/shm/barrier.hpp"

namespace superstep::shm {

struct alignas(64) TeamSlot {
  SharedBarrier barrier;  // of the team this process leads at this level
  alignas(64) std::int32_t colour;
  std::int32_t key;
};

class TeamArena {
 public:
  // Levels of teams inside the machine bsp_begin started.
  static constexpr int kMostLevels = 8;
  // Reserves the address space for nprocs processes; invalid() when the
  // system refuses (then bsp_team_begin stops with a message).
  static TeamArena create(int nprocs);
  bool valid() const { return base_ != nullptr; }
  // Gives the address space back (the engine's end; every copy is invalid after).
  void unmap();

  // level 1 .. kMostLevels; machine_pid: the process in the run's numbering.
  TeamSlot& slot(int level, int machine_pid) const;
  char* region(int level, int machine_pid) const;
  std::uint64_t region_bytes() const { return region_bytes_; }
  int nprocs() const { return nprocs_; }

 private:
  char* base_ = nullptr;
  std::uint64_t bytes_ = 0;
  int nprocs_ = 0;
  std::uint64_t region_bytes_ = 0;
};

// What a process's machine is, for splitting it: the run's arena, the level
// (0: the machine bsp_begin started), the machine pids of its processes in
// their order, this process's pid there, and the machine's barrier.
struct TeamParent {
  const TeamArena* arena;
  int level;
  const std::vector<int>* members;
  int pid;
  Engine* engine;          // the machine: its barrier
  Engine* root;            // the run's engine: its clock and abort_all
  const Waiting* waiting;  // how the run's processes wait
  int processes_per_cpu;   // the run's (Barrier::by_arrivals)
};

// Engine::split on a shared-memory machine: collective over its processes.
// Returns this process's team; stops the run (collectively) where the teams
// would nest deeper than kMostLevels or the arena could not be reserved.
Engine* split_on_shared_memory(const TeamParent& parent, int colour, int key);

class TeamEngine final : public Engine, private ReplyRound {
 public:
  TeamEngine(const TeamArena& arena, int level, std::vector<int> members, int rank, Engine* root,
             const Waiting& waiting, int processes_per_cpu);

  // Where the arrival lines of the team a process leads lie in its region, and how many bytes
  // from the region's start its summaries, descriptors and lines take (a multiple of pages).
  static std::uint64_t lines_offset(int nprocs);
  static std::uint64_t header_bytes(int nprocs);

  int pid() const override { return rank_; }
  int nprocs() const override { return static_cast<int>(members_.size()); }
  double seconds_since_start() const override { return root_->seconds_since_start(); }
  // Everything travels in the streams through the arena; gets are answered in
  // a reply round through it too.
  EngineCapabilities capabilities() override {
    EngineCapabilities caps;
    caps.replies = this;
    return caps;
  }
  std::uint32_t exchange(const Publication& mine) override;
  const SummaryBlob& summary(int q) const override;
  std::uint64_t incoming_size(int src) const override;
  const char* incoming_data(int src) const override;
  void fetch(int src, void* into) override;
  std::uint32_t barrier(std::uint32_t flags) override { return barrier_.arrive_and_wait(flags); }
  void note_superstep(std::uint64_t) override {}
  void finish() override {}
  [[noreturn]] void abort_all(const char* message, ErrorScope scope) override {
    root_->abort_all(message, scope);
    __builtin_unreachable();  // abort_all does not return on any engine
  }
  Engine* split(int colour, int key) override;

 private:
  void exchange_replies(const StreamRef* out_per_dst, const bool* awaited) override;
  const char* reply_data(int src) const override;

  struct Desc {
    std::uint64_t offset;
    std::uint64_t size;
  };
  // The region of the process of team rank q: its summaries and descriptors,
  // then per parity its data.
  SummaryBlob* summaries(int q) const;
  Desc* streams(int q, int parity) const;
  Desc* replies(int q, int parity) const;
  char* data(int q, int parity) const;
  // Writes `out` (one per team rank) into this process's data of this
  // parity from `offset` on, with a descriptor each; returns the end.
  std::uint64_t post(const StreamRef* out, Desc* descs, std::uint64_t offset);

  const TeamArena* arena_;
  int level_;
  std::vector<int> members_;  // machine pids by team rank
  int rank_;
  Engine* root_;
  const Waiting* waiting_;
  int processes_per_cpu_;
  Barrier barrier_;
  int parity_ = 0;
  std::uint64_t streams_end_ = 0;  // where this sync's replies go after its streams
  std::uint64_t header_bytes_ = 0;
  std::uint64_t data_bytes_ = 0;  // per parity
};

}  // namespace superstep::shm
