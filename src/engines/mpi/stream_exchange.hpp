// One all-to-all round of byte streams over MPI, the way Donaldson, Hill and Skillicorn (1999) §3
// asks for it: every process knows what it sends to whom, so the sizes are exchanged once (one
// MPI_Alltoall of fixed-size blocks, which also carry the sync flags and so is the superstep's
// barrier), every larger stream for one destination goes as one message, and destinations are
// visited in a latin-square order ((pid + k) mod p) so that no process is the target of everybody
// at once. A stream of up to kInlineBytes travels inside its block: a superstep of a few small
// messages or puts (a small collective) costs that one MPI_Alltoall, as an empty superstep does.
// Beyond kAllToAllBarrierMaxProcs processes an all-to-all costs every process p messages where a
// reduction takes log p rounds: there the flags go first by MPI_Allreduce, and the blocks only when
// somebody has streams.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engines/engine.hpp"
#include "engines/mpi/shared_rings.hpp"

namespace superstep::mpi {

// Posts a nonblocking receive (or send) of nbytes at `at` from (or to) peer
// with `tag`, appending its requests. MPI counts are ints: more than 1 GiB
// travels in pieces of that size (messages between two processes with one
// tag keep their order, so the pieces need no numbering).
void post_in_pieces(bool receive, MPI_Comm comm, int peer, int tag, char* at, std::uint64_t nbytes,
                    std::vector<MPI_Request>& requests);

class StreamExchange {
 public:
  // The block of the exchange: the sender's flags, the stream's size, and the
  // stream itself when it fits.
  static constexpr std::size_t kHeaderBytes = 2 * sizeof(std::uint64_t);
  static constexpr std::size_t kBlockBytes = 128;
  static constexpr std::size_t kInlineBytes = kBlockBytes - kHeaderBytes;
  static constexpr int kAllToAllBarrierMaxProcs = 16;

  // `rings`: where streams of SharedRings::kRingMin bytes or more between
  // ranks of one host travel (made at the first run() that has one anywhere).
  void reset(MPI_Comm comm, int pid, int nprocs, SharedRings* rings);

  // Collective, and a barrier. Sends out_per_dst[q] to every q != pid (the
  // own stream is never sent) and receives what every other process addressed
  // to this one; returns the OR of every process's flags. Streams move only
  // when that OR has kFlagStream.
  std::uint32_t run(std::uint32_t flags, const StreamRef* out_per_dst);

  // What src sent in the last run(); valid until the next run().
  std::uint64_t size(int src) const { return sizes_in_[src]; }
  const char* data(int src) const { return buffer_.data() + offsets_[src]; }

 private:
  // The block's flags word carries the sync's flags in its low 32 bits and
  // this bit: the sender has a stream for the rings' size.
  static constexpr std::uint64_t kLargeStreamFlag = std::uint64_t{1} << 32;
  bool post_streams(const StreamRef* out_per_dst);

  MPI_Comm comm_ = MPI_COMM_NULL;
  SharedRings* rings_ = nullptr;
  int pid_ = 0;
  int nprocs_ = 1;
  std::vector<std::uint64_t> sizes_out_, sizes_in_, offsets_;
  std::vector<char> blocks_out_, blocks_in_;  // p blocks of kBlockBytes each
  std::vector<char> buffer_;
  std::vector<MPI_Request> requests_;
};

}  // namespace superstep::mpi
