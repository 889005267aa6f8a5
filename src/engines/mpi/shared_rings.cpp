#include "engines/mpi/shared_rings.hpp"

#include <sched.h>

#include <algorithm>
#include <atomic>

#include "util/block_copy.hpp"
#include "util/cpu_relax.hpp"

namespace superstep::mpi {

namespace {
std::atomic_ref<std::uint64_t> counter(char* at) {
  return std::atomic_ref<std::uint64_t>(*reinterpret_cast<std::uint64_t*>(at));
}
constexpr std::uint64_t kReadCounterAt = 64;
}  // namespace

void SharedRings::set_up(MPI_Comm comm) {
  ready_ = true;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host_);
  int on_host = 1, size = 1;
  MPI_Comm_rank(host_, &my_local_);
  MPI_Comm_size(host_, &on_host);
  MPI_Comm_size(comm, &size);
  // Which rank of comm each rank of the host is.
  std::vector<int> host_ranks(on_host), comm_ranks(on_host);
  for (int i = 0; i < on_host; ++i) host_ranks[i] = i;
  MPI_Group host_group, comm_group;
  MPI_Comm_group(host_, &host_group);
  MPI_Comm_group(comm, &comm_group);
  MPI_Group_translate_ranks(host_group, on_host, host_ranks.data(), comm_group, comm_ranks.data());
  MPI_Group_free(&host_group);
  MPI_Group_free(&comm_group);
  local_of_.assign(size, -1);
  int me = 0;
  MPI_Comm_rank(comm, &me);
  if (on_host == 1) return;
  char* mine = allocate_window(on_host);
  if (!mine) return;  // every message goes by MPI
  for (int i = 0; i < on_host; ++i)
    if (comm_ranks[i] != me) local_of_[comm_ranks[i]] = i;
  segment_of_.assign(on_host, nullptr);
  for (int i = 0; i < on_host; ++i) {
    MPI_Aint bytes = 0;
    int unit = 0;
    MPI_Win_shared_query(window_, i, &bytes, &unit, &segment_of_[i]);
  }
  // The counters start at zero: each rank clears those of the rings it writes, and nobody
  // reads a ring before the barrier.
  for (int i = 0; i < on_host; ++i) {
    counter(mine + kSlotBytes * i).store(0);
    counter(mine + kSlotBytes * i + kReadCounterAt).store(0);
  }
  blocked_.assign(on_host, 0);
  MPI_Barrier(host_);
}

// Each rank's part: one ring to every rank of the host (its own unused). An
// MPI that cannot share memory here returns an error instead of stopping the
// job, and the host's ranks agree on whether all of them have their part.
char* SharedRings::allocate_window(int on_host) {
  MPI_Comm_set_errhandler(host_, MPI_ERRORS_RETURN);
  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, "alloc_shared_noncontig", "true");
  char* mine = nullptr;
  int ok = MPI_Win_allocate_shared(static_cast<MPI_Aint>(kSlotBytes * on_host), 1, info, host_,
                                   &mine, &window_) == MPI_SUCCESS;
  MPI_Info_free(&info);
  int all_ok = 0;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, host_);
  if (all_ok) return mine;
  // Not freed: MPI_Win_free is collective, and some of the host's ranks may have no window.
  window_ = MPI_WIN_NULL;
  return nullptr;
}

void SharedRings::free() {
  if (!ready_) return;
  if (window_ != MPI_WIN_NULL) MPI_Win_free(&window_);
  MPI_Comm_free(&host_);
  ready_ = false;
}

SharedRings::Ring SharedRings::ring(int from_local, int to_local) const {
  char* slot = segment_of_[from_local] + kSlotBytes * to_local;
  return {slot, slot + kCountersBytes};
}

void SharedRings::post(bool receive, int peer, char* at, std::uint64_t nbytes) {
  (receive ? receives_ : sends_).push_back({local_of_[peer], at, nbytes});
}

// The writer: copies what fits after what the reader has not read yet.
bool SharedRings::advance_send(Transfer& t) {
  Ring r = ring(my_local_, t.local);
  const std::uint64_t written = counter(r.counters).load(std::memory_order_relaxed);
  const std::uint64_t read = counter(r.counters + kReadCounterAt).load(std::memory_order_acquire);
  const std::uint64_t at = written % kRingBytes;
  const std::uint64_t n =
      std::min({kRingBytes - (written - read), t.left, kChunkBytes, kRingBytes - at});
  if (n == 0) return false;
  copy_block(r.data + at, t.at, n);
  counter(r.counters).store(written + n, std::memory_order_release);
  t.at += n;
  t.left -= n;
  return true;
}

// The reader: copies what the writer has handed over.
bool SharedRings::advance_receive(Transfer& t) {
  Ring r = ring(t.local, my_local_);
  const std::uint64_t written = counter(r.counters).load(std::memory_order_acquire);
  const std::uint64_t read = counter(r.counters + kReadCounterAt).load(std::memory_order_relaxed);
  const std::uint64_t at = read % kRingBytes;
  const std::uint64_t n = std::min({written - read, t.left, kChunkBytes, kRingBytes - at});
  if (n == 0) return false;
  copy_block(t.at, r.data + at, n);
  counter(r.counters + kReadCounterAt).store(read + n, std::memory_order_release);
  t.at += n;
  t.left -= n;
  return true;
}

bool SharedRings::advance_all(std::vector<Transfer>& list, bool receive) {
  bool moved = false;
  std::fill(blocked_.begin(), blocked_.end(), 0);
  for (Transfer& t : list) {
    if (t.left == 0 || blocked_[t.local]) continue;
    moved |= receive ? advance_receive(t) : advance_send(t);
    // A pair's messages go through its ring in order: the next waits for this one.
    if (t.left > 0) blocked_[t.local] = 1;
  }
  std::erase_if(list, [](const Transfer& t) { return t.left == 0; });
  return moved;
}

bool SharedRings::progress() {
  // Receives first: a full ring from a peer holds up that peer's sends.
  const bool received = advance_all(receives_, true);
  return advance_all(sends_, false) || received;
}

// The rings move only while their processes copy, and MPI's messages only
// while MPI is called: both in turn until all are through. Idle rounds spin a
// little, then yield the processor, as the other side may be waiting for it.
void SharedRings::wait_all(std::vector<MPI_Request>& requests) {
  if (done()) {
    if (!requests.empty())
      MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
    requests.clear();
    return;
  }
  int idle = 0;
  bool messages_done = requests.empty();
  while (!done() || !messages_done) {
    const bool moved = progress();
    if (!messages_done) {
      int flag = 0;
      MPI_Testall(static_cast<int>(requests.size()), requests.data(), &flag, MPI_STATUSES_IGNORE);
      messages_done = flag != 0;
    }
    if (moved)
      idle = 0;
    else if (++idle < 64)
      cpu_relax();
    else
      sched_yield();
  }
  requests.clear();
}

}  // namespace superstep::mpi
