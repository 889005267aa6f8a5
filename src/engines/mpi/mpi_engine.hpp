// The MPI engine: one BSP process per MPI rank, for clusters (issue 5). It
// cannot read remote memory, so the core ships every payload in the streams
// and answers gets in a reply round; this engine moves those streams
// (StreamExchange), sends large puts and hpputs as messages of their own
// (BulkMessages), the messages of 1 MiB or more of either between ranks of
// one host through shared rings (SharedRings), and does the collectives of a
// sync.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <vector>

#include "engines/engine.hpp"
#include "engines/mpi/shared_rings.hpp"
#include "engines/mpi/stream_exchange.hpp"

namespace superstep::mpi {

class MpiEngine final : public Engine, private ReplyRound, private BulkMessages {
 public:
  // `comm` holds exactly the processes that take part; the engine owns it.
  // `owns_mpi`: Superstep initialized MPI and finalizes it. `embedded`: the
  // program gave the communicator and continues with MPI after bsp_end.
  MpiEngine(MPI_Comm comm, bool owns_mpi, bool embedded);
  ~MpiEngine() override;

  int pid() const override { return pid_; }
  int nprocs() const override { return nprocs_; }
  double seconds_since_start() const override { return MPI_Wtime() - start_; }

  // No remote reads: the core ships small payloads in the streams, large
  // puts and hpputs as bulk messages, and answers gets in a reply round.
  EngineCapabilities capabilities() override {
    EngineCapabilities caps;
    caps.replies = this;
    caps.bulk_messages = this;
    caps.bulk_message_min = kBulkMessageMin;
    return caps;
  }

  std::uint32_t exchange(const Publication& mine) override;
  const SummaryBlob& summary(int q) const override { return summaries_[q]; }
  std::uint64_t incoming_size(int src) const override { return streams_[parity_].size(src); }
  const char* incoming_data(int src) const override { return streams_[parity_].data(src); }
  void fetch(int src, void* into) override;
  std::uint32_t barrier(std::uint32_t flags) override;

  void note_superstep(std::uint64_t superstep) override;
  void finish() override;
  [[noreturn]] void abort_all(const char* message, ErrorScope scope) override;
  // Teams: an engine on MPI_Comm_split of this one's communicator.
  Engine* split(int colour, int key) override;

  // Whether some engine is between its start and finish() in this process.
  static bool running() { return running_; }

 private:
  // A team of `enclosing`'s processes on `comm` (owned): its clock and its
  // stop are the enclosing engine's, and its finish() only frees it.
  MpiEngine(MPI_Comm comm, const MpiEngine& enclosing);
  void set_up();

  // ReplyRound
  void exchange_replies(const StreamRef* out_per_dst, const bool* awaited) override;
  const char* reply_data(int src) const override { return replies_.data(src); }

  // BulkMessages: point-to-point messages with their own tag, so that they
  // never match a stream's; from SharedRings::kRingMin bytes, queued until
  // wait_bulk(), which sends them through a shared ring to a rank of the
  // same host.
  void send_bulk(int dst, const void* data, std::uint64_t nbytes) override;
  void receive_bulk(int src, void* into, std::uint64_t nbytes) override;
  void wait_bulk() override;
  void post_queued_bulk();
  // Below this a put is cheaper copied once more out of its stream than sent
  // as a message of its own (a rendezvous handshake each; DESIGN.md).
  static constexpr std::uint64_t kBulkMessageMin = std::uint64_t{32} << 10;

  MPI_Comm comm_;
  bool owns_mpi_;
  bool embedded_;
  bool team_ = false;
  MPI_Comm abort_comm_ = MPI_COMM_NULL;  // whose processes abort_all stops: the run's
  int pid_ = 0;
  int nprocs_ = 1;
  double start_ = 0;
  static inline bool running_ = false;
  std::vector<SummaryBlob> summaries_;
  // Double-buffered by superstep parity: the message queue of superstep k+1
  // points into what arrived at the end of superstep k.
  StreamExchange streams_[2];
  int parity_ = 0;
  StreamExchange replies_;
  std::vector<MPI_Request> bulk_requests_;
  // Bulk messages of SharedRings::kRingMin bytes or more, posted in wait_bulk().
  struct QueuedBulk {
    bool receive;
    int peer;
    char* at;
    std::uint64_t nbytes;
  };
  std::vector<QueuedBulk> queued_bulk_;
  SharedRings rings_;
};

}  // namespace superstep::mpi
