#include "engines/mpi/stream_exchange.hpp"

#include <algorithm>
#include <cstring>

namespace superstep::mpi {

namespace {
constexpr std::uint64_t kPiece = std::uint64_t{1} << 30;
constexpr int kStreamTag = 1;
}  // namespace

void post_in_pieces(bool receive, MPI_Comm comm, int peer, int tag, char* at, std::uint64_t nbytes,
                    std::vector<MPI_Request>& requests) {
  for (std::uint64_t done = 0; done < nbytes; done += kPiece) {
    int n = static_cast<int>(std::min(kPiece, nbytes - done));
    requests.emplace_back();
    if (receive)
      MPI_Irecv(at + done, n, MPI_BYTE, peer, tag, comm, &requests.back());
    else
      MPI_Isend(at + done, n, MPI_BYTE, peer, tag, comm, &requests.back());
  }
}

void StreamExchange::reset(MPI_Comm comm, int pid, int nprocs, SharedRings* rings) {
  comm_ = comm;
  rings_ = rings;
  pid_ = pid;
  nprocs_ = nprocs;
  sizes_out_.assign(nprocs, 0);
  sizes_in_.assign(nprocs, 0);
  offsets_.assign(nprocs + 1, 0);
  blocks_out_.assign(nprocs * kBlockBytes, 0);
  blocks_in_.assign(nprocs * kBlockBytes, 0);
}

std::uint32_t StreamExchange::run(std::uint32_t flags, const StreamRef* out_per_dst) {
  if (nprocs_ > kAllToAllBarrierMaxProcs) {
    std::uint32_t all = 0;
    MPI_Allreduce(&flags, &all, 1, MPI_UINT32_T, MPI_BOR, comm_);
    if (!(all & kFlagStream)) {
      std::fill(sizes_in_.begin(), sizes_in_.end(), 0);
      std::fill(offsets_.begin(), offsets_.end(), 0);
      return all;
    }
    flags = all;
  }
  std::uint64_t flags64 = flags;
  for (int q = 0; q < nprocs_; ++q) {
    sizes_out_[q] = q == pid_ ? 0 : out_per_dst[q].size;
    char* block = blocks_out_.data() + q * kBlockBytes;
    std::memcpy(block, &flags64, sizeof flags64);
    std::memcpy(block + sizeof flags64, &sizes_out_[q], sizeof(std::uint64_t));
    if (sizes_out_[q] > 0 && sizes_out_[q] <= kInlineBytes)
      std::memcpy(block + kHeaderBytes, out_per_dst[q].data, sizes_out_[q]);
    else if (sizes_out_[q] >= SharedRings::kRingMin)
      flags64 |= kLargeStreamFlag;
  }
  // Rare: a stream for the rings; every block says so.
  if (flags64 & kLargeStreamFlag)
    for (int q = 0; q < nprocs_; ++q)
      std::memcpy(blocks_out_.data() + q * kBlockBytes, &flags64, sizeof flags64);
  MPI_Alltoall(blocks_out_.data(), kBlockBytes, MPI_BYTE, blocks_in_.data(), kBlockBytes, MPI_BYTE,
               comm_);
  std::uint32_t all = flags;
  std::uint64_t large = flags64 & kLargeStreamFlag;
  for (int q = 0; q < nprocs_; ++q) {
    const char* block = blocks_in_.data() + q * kBlockBytes;
    std::uint64_t theirs = 0;
    std::memcpy(&theirs, block, sizeof theirs);
    all |= static_cast<std::uint32_t>(theirs);
    large |= theirs & kLargeStreamFlag;
    std::memcpy(&sizes_in_[q], block + sizeof theirs, sizeof(std::uint64_t));
    offsets_[q + 1] = offsets_[q] + sizes_in_[q];
  }
  // Grows only: the streams of a program are about the same size every superstep.
  if (buffer_.size() < offsets_[nprocs_]) buffer_.resize(offsets_[nprocs_]);
  // Every process saw the same blocks: the first run with a large stream anywhere makes the
  // rings, on all of them at once.
  if (large && rings_ && !rings_->ready()) rings_->set_up(comm_);
  if (post_streams(out_per_dst))
    rings_->wait_all(requests_);
  else if (!requests_.empty())
    MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
  return all;
}

// Receives first, so that sends find a posted buffer; both in latin-square order. Streams that
// came inside their block are copied to their place instead; those the rings carry are queued
// there (then it returns true).
bool StreamExchange::post_streams(const StreamRef* out_per_dst) {
  requests_.clear();
  bool rings = false;
  for (int k = 1; k < nprocs_; ++k) {
    int src = (pid_ + nprocs_ - k) % nprocs_;
    char* at = buffer_.data() + offsets_[src];
    if (sizes_in_[src] <= kInlineBytes) {
      std::memcpy(at, blocks_in_.data() + src * kBlockBytes + kHeaderBytes, sizes_in_[src]);
    } else if (rings_ && rings_->carries(src, sizes_in_[src])) {
      rings_->post(true, src, at, sizes_in_[src]);
      rings = true;
    } else {
      post_in_pieces(true, comm_, src, kStreamTag, at, sizes_in_[src], requests_);
    }
  }
  for (int k = 1; k < nprocs_; ++k) {
    int dst = (pid_ + k) % nprocs_;
    if (sizes_out_[dst] <= kInlineBytes) continue;
    // MPI_Isend does not write its buffer; the cast is for MPI-2 prototypes.
    char* at = static_cast<char*>(const_cast<void*>(out_per_dst[dst].data));
    if (rings_ && rings_->carries(dst, sizes_out_[dst])) {
      rings_->post(false, dst, at, sizes_out_[dst]);
      rings = true;
    } else {
      post_in_pieces(false, comm_, dst, kStreamTag, at, sizes_out_[dst], requests_);
    }
  }
  return rings;
}

}  // namespace superstep::mpi
