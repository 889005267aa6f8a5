#include "fake_engine.hpp"

#include <cstring>
#include <exception>
#include <memory>
#include <stdexcept>
#include <thread>

#include "util/errors.hpp"

namespace superstep::testing {

namespace {

// What the stop hook throws: the message the core stopped the run with.
struct Stopped : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void throw_stopped(const char* message) { throw Stopped(message); }

constexpr const char* kStoppedByOther = "(stopped: another process stopped the run)";

}  // namespace

FakeWorld::FakeWorld(int nprocs) : nprocs_(nprocs), calls_(nprocs, 0) {
  for (auto& p : published_) p.resize(nprocs);
  replies_.assign(nprocs, std::vector<std::string>(nprocs));
}

std::uint32_t FakeWorld::meet(int pid, std::uint32_t flags) {
  std::unique_lock lock(mutex_);
  if (stopped_) throw Stopped(kStoppedByOther);
  ++calls_[pid];
  flags_ |= flags;
  std::uint64_t mine = generation_;
  if (++arrived_ == nprocs_) {
    result_ = flags_;
    flags_ = 0;
    arrived_ = 0;
    ++generation_;
    all_arrived_.notify_all();
    return result_;
  }
  all_arrived_.wait(lock, [&] { return generation_ != mine || stopped_; });
  if (generation_ == mine) throw Stopped(kStoppedByOther);
  // result_ is the OR of this generation: the next cannot complete before
  // this thread arrives at it.
  return result_;
}

std::vector<std::string> FakeWorld::run(const std::function<void(Runtime&)>& body) {
  set_outside_stop_hook(&throw_stopped);
  std::fill(calls_.begin(), calls_.end(), 0);
  stopped_ = false;
  // Made before and freed after every thread: a process that stops early must
  // not take away the streams the others may still read.
  std::vector<std::unique_ptr<Runtime>> runtimes;
  for (int q = 0; q < nprocs_; ++q)
    runtimes.push_back(std::make_unique<Runtime>(new FakeEngine(*this, q), UINT64_MAX,
                                                 SizeChoice::kAuto, StagingStores::kAuto));
  std::vector<std::string> stopped(nprocs_);
  std::vector<std::thread> threads;
  for (int q = 0; q < nprocs_; ++q)
    threads.emplace_back([this, q, &body, &stopped, &runtimes] {
      try {
        body(*runtimes[q]);
        runtimes[q]->end();
      } catch (const Stopped& stop) {
        stopped[q] = stop.what();
        std::lock_guard lock(mutex_);
        stopped_ = true;  // the others leave their barrier instead of waiting forever
        all_arrived_.notify_all();
      }
    });
  for (std::thread& t : threads) t.join();
  set_outside_stop_hook(nullptr);
  return stopped;
}

EngineCapabilities FakeEngine::capabilities() {
  EngineCapabilities caps;
  caps.replies = this;  // every get answered by its owner; no remote reads
  return caps;
}

std::uint32_t FakeEngine::exchange(const Publication& mine) {
  parity_ = static_cast<int>(mine.superstep & 1);
  FakeWorld::Published& p = world_.published_[parity_][pid_];
  p.summary = mine.summary;
  p.streams.assign(mine.streams, mine.streams + nprocs());
  return world_.meet(pid_, mine.flags);
}

const SummaryBlob& FakeEngine::summary(int q) const {
  return world_.published_[parity_][q].summary;
}

std::uint64_t FakeEngine::incoming_size(int src) const {
  return world_.published_[parity_][src].streams[pid_].size;
}

const char* FakeEngine::incoming_data(int src) const {
  // In the sender's memory, unchanged until its next exchange of this parity
  // (Publication), which comes after this process's next exchange.
  return static_cast<const char*>(world_.published_[parity_][src].streams[pid_].data);
}

void FakeEngine::fetch(int src, void* into) {
  const StreamRef& s = world_.published_[parity_][src].streams[pid_];
  std::memcpy(into, s.data, s.size);
}

std::uint32_t FakeEngine::barrier(std::uint32_t flags) { return world_.meet(pid_, flags); }

void FakeEngine::abort_all(const char* message, ErrorScope) { throw Stopped(message); }

void FakeEngine::exchange_replies(const StreamRef* out_per_dst, const bool*) {
  // Copied: the replies need to stay valid only until the call returns.
  // Everybody is awaited, as an engine with a collective exchange may.
  for (int dst = 0; dst < nprocs(); ++dst) {
    std::string& reply = world_.replies_[pid_][dst];
    reply.clear();
    if (out_per_dst[dst].size > 0)
      reply.assign(static_cast<const char*>(out_per_dst[dst].data), out_per_dst[dst].size);
  }
  world_.meet(pid_, 0);
}

const char* FakeEngine::reply_data(int src) const { return world_.replies_[src][pid_].data(); }

}  // namespace superstep::testing
