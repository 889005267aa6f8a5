#include "engines/shm/team_engine.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <utility>

#include "util/block_copy.hpp"
#include "util/text_format.hpp"

namespace superstep::shm {

namespace {

// Address space for every region of every level: reserved, not allocated.
constexpr std::uint64_t kArenaAddressSpace = std::uint64_t{1} << 44;

constexpr std::uint64_t round_up(std::uint64_t n, std::uint64_t to) {
  return (n + to - 1) / to * to;
}

std::uint64_t slots_bytes(int nprocs) {
  return round_up(sizeof(TeamSlot) * TeamArena::kMostLevels * static_cast<std::uint64_t>(nprocs),
                  4096);
}

}  // namespace

TeamArena TeamArena::create(int nprocs) {
  TeamArena arena;
  const std::uint64_t slots = slots_bytes(nprocs);
  const std::uint64_t regions = static_cast<std::uint64_t>(kMostLevels) * nprocs;
  const std::uint64_t region = (kArenaAddressSpace - slots) / regions / 4096 * 4096;
  void* base = mmap(nullptr, slots + region * regions, PROT_READ | PROT_WRITE,
                    MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (base == MAP_FAILED) return arena;
  arena.base_ = static_cast<char*>(base);
  arena.bytes_ = slots + region * regions;
  arena.nprocs_ = nprocs;
  arena.region_bytes_ = region;
  return arena;
}

void TeamArena::unmap() {
  if (base_) munmap(base_, bytes_);
  base_ = nullptr;
}

TeamSlot& TeamArena::slot(int level, int machine_pid) const {
  auto* slots = reinterpret_cast<TeamSlot*>(base_);
  return slots[static_cast<std::size_t>(level - 1) * nprocs_ + machine_pid];
}

char* TeamArena::region(int level, int machine_pid) const {
  return base_ + slots_bytes(nprocs_) +
         (static_cast<std::uint64_t>(level - 1) * nprocs_ + machine_pid) * region_bytes_;
}

Engine* split_on_shared_memory(const TeamParent& parent, int colour, int key) {
  const int level = parent.level + 1;
  const std::vector<int>& members = *parent.members;
  // Every process finds these alike: the engine prints the line once.
  if (!parent.arena->valid())
    parent.root->abort_all(
        "superstep: error in bsp_team_begin: the memory teams use could not be reserved "
        "when the run started (the system refuses to overcommit address space)",
        ErrorScope::kCollective);
  if (level > TeamArena::kMostLevels)
    parent.root->abort_all(format("superstep: error in bsp_team_begin: teams nest %d levels deep "
                                  "here; the shared-memory engine allows %d",
                                  level, TeamArena::kMostLevels)
                               .c_str(),
                           ErrorScope::kCollective);
  TeamSlot& mine = parent.arena->slot(level, members[parent.pid]);
  mine.colour = colour;
  mine.key = key;
  // The arrival lines of the team this process may lead, from 0: the processes of an earlier
  // team it led at this level have all left it (they reached this machine's barrier since).
  std::memset(parent.arena->region(level, members[parent.pid]) +
                  TeamEngine::lines_offset(parent.arena->nprocs()),
              0, sizeof(ArrivalLine) * members.size());
  parent.engine->barrier(0);  // every colour is written (the barrier orders the memory)
  // The team: the processes of the same colour, by key, then by pid in the machine.
  std::vector<std::pair<std::int64_t, int>> order;  // (key, pid in the machine)
  for (int q = 0; q < static_cast<int>(members.size()); ++q) {
    const TeamSlot& theirs = parent.arena->slot(level, members[q]);
    if (theirs.colour == colour) order.push_back({theirs.key, q});
  }
  std::sort(order.begin(), order.end());
  std::vector<int> team;
  int rank = 0;
  for (std::size_t r = 0; r < order.size(); ++r) {
    if (order[r].second == parent.pid) rank = static_cast<int>(r);
    team.push_back(members[order[r].second]);
  }
  return new TeamEngine(*parent.arena, level, std::move(team), rank, parent.root, *parent.waiting,
                        parent.processes_per_cpu);
}

namespace {
// The team's leader: its lowest process, whose slot holds the team's barrier when it counts and
// whose region its arrival lines.
int leader_of(const std::vector<int>& members) {
  return *std::min_element(members.begin(), members.end());
}
}  // namespace

std::uint64_t TeamEngine::lines_offset(int nprocs) {
  return round_up(round_up(2 * sizeof(SummaryBlob), 64) + 4 * sizeof(Desc) * nprocs, 64);
}

std::uint64_t TeamEngine::header_bytes(int nprocs) {
  return round_up(lines_offset(nprocs) + sizeof(ArrivalLine) * nprocs, 4096);
}

TeamEngine::TeamEngine(const TeamArena& arena, int level, std::vector<int> members, int rank,
                       Engine* root, const Waiting& waiting, int processes_per_cpu)
    : arena_(&arena),
      level_(level),
      members_(std::move(members)),
      rank_(rank),
      root_(root),
      waiting_(&waiting),
      processes_per_cpu_(processes_per_cpu),
      barrier_(&arena.slot(level, leader_of(members_)).barrier,
               reinterpret_cast<ArrivalLine*>(arena.region(level, leader_of(members_)) +
                                              lines_offset(arena.nprocs())),
               static_cast<int>(members_.size()), rank,
               Barrier::by_arrivals(static_cast<int>(members_.size()), processes_per_cpu),
               waiting) {
  header_bytes_ = header_bytes(arena.nprocs());
  data_bytes_ = (arena.region_bytes() - header_bytes_) / 2 / 4096 * 4096;
}

SummaryBlob* TeamEngine::summaries(int q) const {
  return reinterpret_cast<SummaryBlob*>(arena_->region(level_, members_[q]));
}

TeamEngine::Desc* TeamEngine::streams(int q, int parity) const {
  auto* first = reinterpret_cast<Desc*>(arena_->region(level_, members_[q]) +
                                        round_up(2 * sizeof(SummaryBlob), 64));
  return first + static_cast<std::size_t>(parity) * arena_->nprocs();
}

TeamEngine::Desc* TeamEngine::replies(int q, int parity) const {
  return streams(q, 0) + static_cast<std::size_t>(2 + parity) * arena_->nprocs();
}

char* TeamEngine::data(int q, int parity) const {
  return arena_->region(level_, members_[q]) + header_bytes_ +
         static_cast<std::uint64_t>(parity) * data_bytes_;
}

std::uint64_t TeamEngine::post(const StreamRef* out, Desc* descs, std::uint64_t offset) {
  char* into = data(rank_, parity_);
  for (int r = 0; r < nprocs(); ++r) {
    const std::uint64_t size = out && r != rank_ ? out[r].size : 0;
    descs[r] = {offset, size};
    if (size == 0) continue;
    if (offset + size > data_bytes_)
      abort_all(format("superstep: error in bsp_sync, process %d of a team: one superstep of the "
                       "team sends more than %llu bytes from this process, all the team's "
                       "memory on this machine allows",
                       rank_, static_cast<unsigned long long>(data_bytes_))
                    .c_str(),
                ErrorScope::kLocal);
    copy_block(into + offset, out[r].data, size);
    offset = round_up(offset + size, 64);
  }
  return offset;
}

std::uint32_t TeamEngine::exchange(const Publication& mine) {
  parity_ = static_cast<int>(mine.superstep & 1);
  summaries(rank_)[parity_] = mine.summary;
  streams_end_ =
      post(mine.flags & kFlagStream ? mine.streams : nullptr, streams(rank_, parity_), 0);
  return barrier_.arrive_and_wait(mine.flags);
}

const SummaryBlob& TeamEngine::summary(int q) const { return summaries(q)[parity_]; }

std::uint64_t TeamEngine::incoming_size(int src) const { return streams(src, parity_)[rank_].size; }

const char* TeamEngine::incoming_data(int src) const {
  return data(src, parity_) + streams(src, parity_)[rank_].offset;
}

void TeamEngine::fetch(int src, void* into) {
  copy_block(into, incoming_data(src), incoming_size(src));
}

// After the streams of the same sync, in the same parity's data: what the
// others read of those stays as it is.
void TeamEngine::exchange_replies(const StreamRef* out_per_dst, const bool*) {
  post(out_per_dst, replies(rank_, parity_), streams_end_);
  barrier_.arrive_and_wait(0);
}

const char* TeamEngine::reply_data(int src) const {
  return data(src, parity_) + replies(src, parity_)[rank_].offset;
}

Engine* TeamEngine::split(int colour, int key) {
  return split_on_shared_memory(
      {arena_, level_, &members_, rank_, this, root_, waiting_, processes_per_cpu_}, colour, key);
}

}  // namespace superstep::shm
