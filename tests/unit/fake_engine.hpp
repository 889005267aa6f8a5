// A fake engine for unit tests of the core (src/core): p BSP processes as p
// threads of one process, each with its own Runtime over its own FakeEngine,
// all meeting in one FakeWorld. It implements the contract of
// src/engines/engine.hpp with the least an engine may have: streams read in
// the sender's memory (incoming_data), summaries copied, a reply round for
// every get (ReplyRound, no RemoteMemory), and one barrier that ORs flags for
// every collective call. No fork, no shared mapping, no system call: what a
// test sees is the core's protocol alone.
//
// A run: FakeWorld world(p); world.run([](Runtime& rt) { ... rt.sync(); ... });
// runs the body on p threads, each with a Runtime that is not the active one
// (Runtime's constructor), and ends each with Runtime::end(). An error the
// core finds (a collective mismatch at a sync, a misuse) reaches the stop
// hook of util/errors.hpp: run() catches it in each thread and returns the
// messages, one per process ("" for those that ended normally); once one
// process stopped, the others stop at their next collective call.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "core/runtime.hpp"
#include "engines/engine.hpp"

namespace superstep::testing {

class FakeWorld {
 public:
  explicit FakeWorld(int nprocs);

  // Runs body(runtime of process q) on nprocs threads and ends every
  // runtime with Runtime::end(). Returns what each process stopped with
  // ("" for those that ended normally).
  std::vector<std::string> run(const std::function<void(Runtime&)>& body);

  int nprocs() const { return nprocs_; }
  // How many collective calls (exchange, barrier, reply rounds) each process
  // made in the last run: the same for all where the protocol is collective.
  const std::vector<int>& collective_calls() const { return calls_; }

 private:
  friend class FakeEngine;
  // Per process and parity: what it published at its last exchange.
  struct Published {
    SummaryBlob summary{};
    std::vector<StreamRef> streams;
  };
  // The barrier every collective call is: returns the OR of all flags.
  std::uint32_t meet(int pid, std::uint32_t flags);

  int nprocs_;
  std::mutex mutex_;
  std::condition_variable all_arrived_;
  int arrived_ = 0;
  std::uint64_t generation_ = 0;
  bool stopped_ = false;  // a process stopped: the barrier lets nobody wait
  std::uint32_t flags_ = 0, result_ = 0;
  std::vector<Published> published_[2];
  // replies_[src][dst]: what src answered dst in this sync's reply round.
  std::vector<std::vector<std::string>> replies_;
  std::vector<int> calls_;
};

class FakeEngine final : public Engine, public ReplyRound {
 public:
  FakeEngine(FakeWorld& world, int pid) : world_(world), pid_(pid) {}

  int pid() const override { return pid_; }
  int nprocs() const override { return world_.nprocs_; }
  double seconds_since_start() const override { return 0.0; }
  EngineCapabilities capabilities() override;
  std::uint32_t exchange(const Publication& mine) override;
  const SummaryBlob& summary(int q) const override;
  std::uint64_t incoming_size(int src) const override;
  const char* incoming_data(int src) const override;
  void fetch(int src, void* into) override;
  std::uint32_t barrier(std::uint32_t flags) override;
  void note_superstep(std::uint64_t) override {}
  void finish() override { barrier(0); }
  [[noreturn]] void abort_all(const char* message, ErrorScope scope) override;

  void exchange_replies(const StreamRef* out_per_dst, const bool* awaited) override;
  const char* reply_data(int src) const override;

 private:
  FakeWorld& world_;
  int pid_;
  int parity_ = 0;
};

}  // namespace superstep::testing
