// Large bulk messages between the MPI ranks of one host through rings in
// memory they share (DESIGN.md, "Measured design decisions"). Open MPI moves a large
// message between two ranks of a host with one cross-memory copy by the
// kernel (CMA, process_vm_readv), which pins every page of both ranges: 1.5
// to 3.5x a memcpy on a two-core VM. Here the sender copies its bytes into a
// ring of kRingBytes that it shares with the receiver, a chunk at a time, and
// the receiver copies each chunk into place while the sender fills the next:
// two copies, but each process does one, at the same time, and the ring stays
// in the last-level cache, so the transfer costs about one memcpy.
//
// Every ordered pair of ranks on a host has one ring, in the sender's part of
// an MPI-3 shared window (MPI_Win_allocate_shared on the host's ranks), made
// at the first sync with bulk messages; pages are touched only by the pairs
// that use them. Messages of one pair go through their ring in the order
// posted, and both sides know each message's length, so the ring holds bytes
// only: two counters (bytes written, bytes read, since the start) hand it
// over.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <vector>

namespace superstep::mpi {

class SharedRings {
 public:
  // The bytes of each ring, and the most one copy moves before it hands the
  // chunk over.
  static constexpr std::uint64_t kRingBytes = std::uint64_t{4} << 20;
  static constexpr std::uint64_t kChunkBytes = std::uint64_t{512} << 10;
  // From this size a message to or from a rank of this host goes through a
  // ring instead of MPI's cross-memory copy: below it the copy costs little
  // and the ring's handover more.
  static constexpr std::uint64_t kRingMin = std::uint64_t{1} << 20;

  SharedRings() = default;
  SharedRings(const SharedRings&) = delete;
  SharedRings& operator=(const SharedRings&) = delete;

  // Collective over comm: finds the ranks that share this one's host and
  // makes the window for their rings (none where this rank is alone).
  void set_up(MPI_Comm comm);
  bool ready() const { return ready_; }
  // Collective over the host's ranks; nothing where set_up never ran.
  void free();

  // Whether rank `peer` of comm shares this rank's host (after set_up).
  bool reaches(int peer) const { return ready_ && local_of_[peer] >= 0; }

  // Queue a send to, or a receive from, a rank that reaches() says shares
  // the host; the bytes move in progress().
  void post(bool receive, int peer, char* at, std::uint64_t nbytes);
  // Whether a message of nbytes to or from rank `peer` goes through a ring.
  bool carries(int peer, std::uint64_t nbytes) const { return nbytes >= kRingMin && reaches(peer); }
  // Waits until every posted message is through and every one of `requests`
  // (MPI's, for the other messages) is complete; clears `requests`.
  void wait_all(std::vector<MPI_Request>& requests);

 private:
  struct Ring {
    char* counters;  // bytes written at +0, bytes read at +64 (each on its own line)
    char* data;      // kRingBytes
  };
  struct Transfer {
    int local;  // the peer's rank on the host
    char* at;
    std::uint64_t left;
  };
  static constexpr std::uint64_t kCountersBytes = 128;
  static constexpr std::uint64_t kSlotBytes = kCountersBytes + kRingBytes;

  // This rank's part of a new window, or nullptr where the host's ranks
  // could not all make theirs (collective over host_).
  char* allocate_window(int on_host);
  Ring ring(int from_local, int to_local) const;
  bool advance_send(Transfer& t);
  bool advance_receive(Transfer& t);
  // Advances the first unfinished transfer of each peer in `list`; drops
  // those done. True where some bytes moved.
  bool advance_all(std::vector<Transfer>& list, bool receive);
  // Moves what the rings allow; true where some bytes moved.
  bool progress();
  bool done() const { return sends_.empty() && receives_.empty(); }

  bool ready_ = false;
  MPI_Comm host_ = MPI_COMM_NULL;
  MPI_Win window_ = MPI_WIN_NULL;
  int my_local_ = 0;
  std::vector<int> local_of_;      // comm rank -> rank on this host, or -1
  std::vector<char*> segment_of_;  // rank on the host -> its part of the window
  std::vector<Transfer> sends_, receives_;
  std::vector<char> blocked_;  // per rank on the host, within one advance_all
};

}  // namespace superstep::mpi
