// The udp engine: one BSP process per job rank, talking over UDP datagrams only (Donaldson, Hill
// and Skillicorn, "Exploiting Global Structure for Performance on Clusters", 1999). Like the MPI
// engine it cannot read remote memory: the core ships every payload in the streams and answers gets
// in a reply round. Every collective call is one Transport::round among the engine's group: the
// machine's processes, or a team's (split()).
#pragma once

#include <chrono>
#include <vector>

#include "engines/engine.hpp"
#include "engines/udp/transport.hpp"

namespace superstep::udp {

class UdpEngine final : public Engine, private ReplyRound {
 public:
  // The first `nprocs` ranks of the job's transport take part.
  UdpEngine(Transport& transport, int nprocs);

  int pid() const override { return group_.me; }
  int nprocs() const override { return nprocs_; }
  double seconds_since_start() const override {
    return std::chrono::duration<double>(Clock::now() - start_).count();
  }

  // No remote reads: the core ships every payload in the streams and
  // answers gets in a reply round.
  EngineCapabilities capabilities() override { return {nullptr, this, nullptr}; }

  std::uint32_t exchange(const Publication& mine) override;
  const SummaryBlob& summary(int q) const override { return summaries_[q]; }
  std::uint64_t incoming_size(int src) const override { return streams_[parity_].size[src]; }
  const char* incoming_data(int src) const override { return streams_[parity_].data[src].data(); }
  void fetch(int src, void* into) override;
  std::uint32_t barrier(std::uint32_t flags) override;

  void note_superstep(std::uint64_t superstep) override;
  void finish() override;
  [[noreturn]] void abort_all(const char* message, ErrorScope scope) override;
  // Teams: one round of the machine carries every process's colour and key;
  // the team is an engine over the same transport whose rounds are among its
  // members only.
  Engine* split(int colour, int key) override;

 private:
  // ReplyRound
  void exchange_replies(const StreamRef* out_per_dst, const bool* awaited) override;
  const char* reply_data(int src) const override { return replies_.data[src].data(); }

  // A team of `enclosing`'s processes: its clock and its stop are the
  // enclosing engine's, and its finish() only gives the transport back.
  UdpEngine(Group team, const UdpEngine& enclosing);

  Transport& transport_;
  Group group_;
  int nprocs_;
  bool team_ = false;
  Clock::time_point start_;
  std::vector<SummaryBlob> summaries_;
  // Double-buffered by superstep parity: the message queue of superstep k+1
  // points into what arrived at the end of superstep k.
  Arrivals streams_[2];
  int parity_ = 0;
  Arrivals replies_;
  Arrivals nothing_;  // a barrier's (empty) arrivals
};

}  // namespace superstep::udp
