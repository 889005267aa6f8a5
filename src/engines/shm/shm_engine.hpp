// The shared-memory engine: p processes on one host (DESIGN.md: processes, not
// threads). pid 0 forks the others in bsp_begin. Streams and remote memory are
// read with cross-memory attach, so nothing but a small control block is
// shared, and nothing has a name that could be left behind.
#pragma once

#include <sys/types.h>

#include <memory>
#include <vector>

#include "engines/engine.hpp"
#include "engines/shm/barrier.hpp"
#include "engines/shm/control_block.hpp"

namespace superstep::shm {

class Supervisor;

class ShmEngine final : public Engine {
 public:
  // Starts nprocs processes; returns in every one of them. On failure prints
  // why and exits.
  static ShmEngine* start(int nprocs);
  ~ShmEngine() override;

  int pid() const override { return pid_; }
  int nprocs() const override { return nprocs_; }
  double seconds_since_start() const override;

  std::uint32_t exchange(const SyncSummary& mine, const StreamRef* out_per_dst,
                         const void* bulk_base) override;
  const SyncSummary& summary(int q) const override { return control_.process(q).summary[parity_]; }
  std::uint64_t incoming_size(int src) const override {
    return control_.stream(parity_, pid_, src).size;
  }
  const void* bulk_base(int src) const override;
  void fetch(int src, void* into) override;
  bool reads_remote_memory() const override { return true; }
  void read_remote(int src, const iovec* local, std::size_t nlocal, const iovec* remote,
                   std::size_t nremote) override;
  // Gets read their sources directly here, so the core never asks for a
  // reply round; these report that as an internal error if it ever did.
  void exchange_replies(const StreamRef* out_per_dst) override;
  std::uint64_t reply_size(int src) const override;
  const char* reply_data(int src) const override;
  std::uint32_t barrier(std::uint32_t flags) override { return barrier_.arrive_and_wait(flags); }

  void note_superstep(std::uint64_t superstep) override;
  void finish() override;
  [[noreturn]] void abort_all(const char* message) override;

 private:
  ShmEngine(ControlBlock control, int pid, bool oversubscribed);
  // Ends this process after the program was stopped (by anyone).
  [[noreturn]] void leave_stopped();
  [[noreturn]] static void on_stop();

  ControlBlock control_;
  int pid_;
  int nprocs_;
  int parity_ = 0;  // of the superstep whose sync is under way
  Barrier barrier_;
  std::vector<pid_t> os_pids_;
  std::unique_ptr<Supervisor> supervisor_;  // pid 0 only
};

}  // namespace superstep::shm
