// One all-to-all round of byte streams over MPI, the way seed 002 §3 asks for
// it: every process knows what it sends to whom, so the sizes are exchanged
// once (one MPI_Alltoall of 64-bit counts), every stream for one destination
// goes as one message, and destinations are visited in a latin-square order
// ((pid + k) mod p) so that no process is the target of everybody at once.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <vector>

#include "engines/engine.hpp"

namespace superstep::mpi {

class StreamExchange {
 public:
  void reset(MPI_Comm comm, int pid, int nprocs);

  // Collective. Sends out_per_dst[q] to every q != pid (the own stream is
  // never sent) and receives what every other process addressed to this one.
  void run(const StreamRef* out_per_dst);

  // Nothing arrived (nobody had a stream this time); not collective.
  void clear();

  // What src sent in the last run(); valid until the next run().
  std::uint64_t size(int src) const { return sizes_in_[src]; }
  const char* data(int src) const { return buffer_.data() + offsets_[src]; }

 private:
  void post_chunks(bool receive, int peer, char* at, std::uint64_t nbytes);

  MPI_Comm comm_ = MPI_COMM_NULL;
  int pid_ = 0;
  int nprocs_ = 1;
  std::vector<std::uint64_t> sizes_out_, sizes_in_, offsets_;
  std::vector<char> buffer_;
  std::vector<MPI_Request> requests_;
};

}  // namespace superstep::mpi
