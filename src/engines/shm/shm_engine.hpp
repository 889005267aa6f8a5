// The shared-memory engine: p processes on one host (DESIGN.md: processes, not
// threads). pid 0 starts the others in bsp_begin (process_tree.hpp). Small
// streams travel through shared mailboxes, large ones and remote memory are
// read with cross-memory attach; where that is refused, everything travels
// through the mailboxes (data_path.hpp, mailbox.hpp). Every shared mapping is
// anonymous: nothing has a name that could be left behind.
#pragma once

#include <sys/types.h>

#include <memory>
#include <vector>

#include "engines/engine.hpp"
#include "engines/shm/barrier.hpp"
#include "engines/shm/control_block.hpp"
#include "engines/shm/mailbox.hpp"
#include "engines/shm/team_engine.hpp"
#include "util/memory_keep.hpp"

namespace superstep::shm {

class SupervisorWatch;

// Its capabilities depend on the run: with cross-memory attach it reads
// remote memory, without it answers gets in a reply round through the
// mailboxes; the shared staging area exists where the system lets it be
// reserved.
class ShmEngine final : public Engine,
                        private RemoteMemory,
                        private ReplyRound,
                        private SharedStaging,
                        private SharedAreas {
 public:
  // Starts nprocs processes; returns in every one of them. On failure prints
  // why and exits.
  static ShmEngine* start(int nprocs);
  ~ShmEngine() override;

  int pid() const override { return pid_; }
  int nprocs() const override { return nprocs_; }
  double seconds_since_start() const override;

  EngineCapabilities capabilities() override;

  std::uint32_t exchange(const Publication& mine) override;
  const SummaryBlob& summary(int q) const override { return control_.process(q).summary[parity_]; }
  std::uint64_t incoming_size(int src) const override {
    return control_.stream(parity_, pid_, src).bytes();
  }
  const char* incoming_data(int src) const override;
  void expect_streams(std::uint64_t bytes) override;
  void fetch(int src, void* into) override;
  std::uint32_t barrier(std::uint32_t flags) override { return barrier_.arrive_and_wait(flags); }

  void note_superstep(std::uint64_t superstep) override;
  void finish() override;
  [[noreturn]] void abort_all(const char* message, ErrorScope scope) override;
  // Teams (team_engine.hpp).
  Engine* split(int colour, int key) override;

 private:
  // RemoteMemory, where cross-memory attach works (fetch() uses it too).
  void read_remote(int src, const iovec* local, std::size_t nlocal, const iovec* remote,
                   std::size_t nremote) override;
  const void* bulk_base(int src) const override;
  // ReplyRound, only where cross-memory attach is refused: through the
  // mailboxes, which exist then (choose_for_this_run).
  void exchange_replies(const StreamRef* out_per_dst, const bool* awaited) override;
  const char* reply_data(int src) const override;
  // SharedStaging, where the area could be reserved.
  SharedArea staging(int parity) const override {
    return {staging_of_mut(pid_, parity), staging_half_};
  }
  const char* staging_of(int src, int parity) const override { return staging_of_mut(src, parity); }

  // SharedAreas (shared_pages.hpp), on every run.
  bool share(void* begin, std::uint64_t len, std::uint64_t upto) override;
  void unshare(void* begin) override;
  char* map(int src, std::uint64_t begin, std::uint64_t len) override;
  std::uint64_t shared_bytes(const char* local) override;
  void unmap(char* local, std::uint64_t len) override;

  ShmEngine(ControlBlock control, int pid, int processes_per_cpu, int stop_fd);
  // Ends this process after the program was stopped (by anyone).
  [[noreturn]] void leave_stopped();
  void release_reserved_space();
  void set_staging(void* area, std::uint64_t half) {
    staging_ = static_cast<char*>(area);
    staging_half_ = area ? half : 0;
  }
  [[noreturn]] static void on_stop();
  // Writes this process's stream descriptors of this parity (exchange).
  void publish_streams(const StreamRef* out_per_dst);
  // Places the stream to dst (in its descriptor, the mailbox, or where it
  // is) and says where in its descriptor d.
  void post_stream(int dst, const StreamRef& out, StreamDesc& d);
  // Copies a non-empty stream into this process's mailbox.
  const char* post_or_stop(const StreamRef& stream);

  char* staging_of_mut(int src, int parity) const {
    if (!staging_) return nullptr;
    return staging_ +
           (static_cast<std::size_t>(src) * 2 + static_cast<std::size_t>(parity)) * staging_half_;
  }

  ControlBlock control_;
  // One shared mapping, reserved before the fork and only touched where
  // used: per process and parity, staging_half_ bytes for large puts.
  char* staging_ = nullptr;
  std::uint64_t staging_half_ = 0;
  int pid_;
  int nprocs_;
  int parity_ = 0;                 // of the superstep whose sync is under way
  std::uint32_t sync_signal_ = 0;  // its number as the reply slots carry it
  // By parity: the destinations whose descriptor from this process holds a
  // stream (publish_streams).
  std::vector<int> written_[2];
  Barrier barrier_;
  int stop_fd_;                             // written when the run is stopped (-1 at p = 1)
  std::unique_ptr<SupervisorWatch> watch_;  // pid 0 only, with p > 1
  // Only where cross-memory attach is refused (DataPath::kSharedMappings):
  // the streams and replies travel here. Made before the fork.
  Mailboxes mailboxes_;
  // Where teams move their data (team_engine.hpp); made before the fork.
  TeamArena team_arena_;
  std::vector<int> machine_pids_;  // 0 .. nprocs-1: the machine's members for split()
  bool reads_remote_;              // cross-memory attach works (DataPath::kCrossMemory)
  bool copies_large_;              // large transfers are copied all the same (copy_calibration.hpp)
  int processes_per_cpu_;          // processes of the run per processor (for teams' barriers)
  // The largest stream that travels through the mailboxes where cross-memory
  // attach works (see post_stream).
  static constexpr std::uint64_t kMailboxStreamMax = 256 * 1024;
  // The largest stream copied into the mailboxes where bsp_begin measured two
  // copies cheaper than a read (see post_stream): what a buffer keeps
  // between supersteps (util/memory_keep.hpp).
  static constexpr std::uint64_t kMailboxCopyMax = MemoryKeep::kKeepBytes;
};

}  // namespace superstep::shm
