#include "engines/mpi/mpi_engine.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "engines/common/crash_report.hpp"
#include "engines/mpi/job_abort.hpp"
#include "util/block_copy.hpp"

namespace superstep::mpi {

MpiEngine::MpiEngine(MPI_Comm comm, bool owns_mpi, bool embedded)
    : comm_(comm), owns_mpi_(owns_mpi), embedded_(embedded), abort_comm_(comm) {
  set_up();
  MPI_Barrier(comm_);  // bsp_time counts from a common start
  start_ = MPI_Wtime();
  running_ = true;
  install_crash_report(pid_);
}

MpiEngine::MpiEngine(MPI_Comm comm, const MpiEngine& enclosing)
    : comm_(comm),
      owns_mpi_(false),
      embedded_(true),
      team_(true),
      abort_comm_(enclosing.abort_comm_) {
  set_up();
  start_ = enclosing.start_;
}

void MpiEngine::set_up() {
  MPI_Comm_rank(comm_, &pid_);
  MPI_Comm_size(comm_, &nprocs_);
  summaries_.resize(nprocs_);
  for (StreamExchange& s : streams_) s.reset(comm_, pid_, nprocs_, &rings_);
  replies_.reset(comm_, pid_, nprocs_, &rings_);
}

Engine* MpiEngine::split(int colour, int key) {
  MPI_Comm team = MPI_COMM_NULL;
  MPI_Comm_split(comm_, colour, key, &team);
  return new MpiEngine(team, *this);
}

MpiEngine::~MpiEngine() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized && comm_ != MPI_COMM_NULL) MPI_Comm_free(&comm_);
}

// An empty superstep costs one MPI_Alltoall of small blocks that carry the
// flags (about a barrier; one MPI_Allreduce beyond 16 processes), and so does
// a superstep whose streams all fit in those blocks. The summaries travel only when the core will
// read them (kFlagSummaries), larger streams in a second round of messages.
std::uint32_t MpiEngine::exchange(const Publication& mine) {
  parity_ = static_cast<int>(mine.superstep & 1);
  std::uint32_t all = streams_[parity_].run(mine.flags, mine.streams);
  if (all & kFlagSummaries) {
    MPI_Allgather(&mine.summary, sizeof mine.summary, MPI_BYTE, summaries_.data(),
                  sizeof mine.summary, MPI_BYTE, comm_);
  } else {
    summaries_[pid_] = mine.summary;
  }
  return all;
}

void MpiEngine::fetch(int src, void* into) {
  copy_block(into, incoming_data(src), incoming_size(src));
}

// Every process takes part, whether or not it has replies to send.
void MpiEngine::exchange_replies(const StreamRef* out_per_dst, const bool*) {
  replies_.run(kFlagStream, out_per_dst);
}

namespace {
constexpr int kBulkTag = 2;  // the streams' is 1 (stream_exchange.cpp)
}  // namespace

void MpiEngine::send_bulk(int dst, const void* data, std::uint64_t nbytes) {
  // MPI_Isend does not write its buffer; the cast is for MPI-2 prototypes.
  char* at = static_cast<char*>(const_cast<void*>(data));
  if (nbytes >= SharedRings::kRingMin)
    queued_bulk_.push_back({false, dst, at, nbytes});
  else
    post_in_pieces(false, comm_, dst, kBulkTag, at, nbytes, bulk_requests_);
}

void MpiEngine::receive_bulk(int src, void* into, std::uint64_t nbytes) {
  if (nbytes >= SharedRings::kRingMin)
    queued_bulk_.push_back({true, src, static_cast<char*>(into), nbytes});
  else
    post_in_pieces(true, comm_, src, kBulkTag, static_cast<char*>(into), nbytes, bulk_requests_);
}

// Every process calls wait_bulk() at a sync with bulk messages anywhere, so
// the first such sync sets the rings up, collectively. The sender and the
// receiver of a message decide its way alike, by its size and the pair: the
// messages of one pair keep their order on each way.
void MpiEngine::post_queued_bulk() {
  if (!rings_.ready()) rings_.set_up(comm_);
  for (const QueuedBulk& q : queued_bulk_) {
    if (rings_.carries(q.peer, q.nbytes))
      rings_.post(q.receive, q.peer, q.at, q.nbytes);
    else
      post_in_pieces(q.receive, comm_, q.peer, kBulkTag, q.at, q.nbytes, bulk_requests_);
  }
  queued_bulk_.clear();
}

void MpiEngine::wait_bulk() {
  post_queued_bulk();
  rings_.wait_all(bulk_requests_);
}

std::uint32_t MpiEngine::barrier(std::uint32_t flags) {
  std::uint32_t all = 0;
  MPI_Allreduce(&flags, &all, 1, MPI_UINT32_T, MPI_BOR, comm_);
  return all;
}

void MpiEngine::note_superstep(std::uint64_t superstep) { note_crash_superstep(superstep); }

void MpiEngine::finish() {
  if (team_) {
    rings_.free();
    MPI_Comm_free(&comm_);
    return;
  }
  std::fflush(nullptr);
  remove_crash_report();
  running_ = false;
  rings_.free();
  MPI_Comm_free(&comm_);
  // A program that brought its own MPI continues with it, on every process.
  if (embedded_) return;
  if (owns_mpi_) MPI_Finalize();
  if (pid_ != 0) std::exit(0);
}

void MpiEngine::abort_all(const char* message, ErrorScope scope) {
  // In a team, its processes find a collective error together; MPI_Abort on
  // any communicator stops the whole job under Open MPI.
  if (scope == ErrorScope::kCollective) abort_job_collective(comm_, message);
  abort_job_local(abort_comm_, message);
}

}  // namespace superstep::mpi
