#include "messaging/outbox.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>

#include "util/cache_ring.hpp"
#include "util/block_copy.hpp"
#include "util/memory_keep.hpp"

namespace superstep {

namespace {
constexpr std::size_t kKeepBytes = MemoryKeep::kKeepBytes;

}  // namespace

void Outbox::reset(int nprocs, bool inline_only) {
  inline_only_ = inline_only;
  lanes_.clear();
  lanes_.resize(nprocs);
  bulk_.clear();
  bulk_start_ = 0;
  nonempty_streams_ = 0;
  remote_hp_ = false;
}

void Outbox::seal() {
  settle_all();
  for (Lane& lane : lanes_) {
    if (lane.stream.empty()) continue;
    record_writer::stream_end(lane.stream.grow(kStreamEndBytes), lane.others == 0, lane.sends,
                              lane.send_bytes, lane.get_requests);
  }
}

void Outbox::clear() {
  settle_all();
  // What this use needed, for trim() (util/memory_keep.hpp).
  last_use_bytes_ = std::max(bulk_.size(), staged_);
  // The next superstep of this parity stages after where this one ended
  // (util/cache_ring.hpp).
  staged_start_ = next_ring_start(staged_start_, staged_);
  staged_ = staged_start_;
  for (Lane& lane : lanes_) {
    last_use_bytes_ = std::max(last_use_bytes_, lane.stream.size());
    lane.stream.clear();
    lane.next_address = kNoRecord;
    lane.ring_at = lane.ring_end = nullptr;
    lane.stride = 0;
    lane.sends = lane.send_bytes = lane.others = lane.get_requests = 0;
  }
  bulk_start_ = next_ring_start(bulk_start_, bulk_.size());
  bulk_.resize(bulk_start_);
  bulk_sends_.clear();
  nonempty_streams_ = 0;
  remote_hp_ = false;
}

void Outbox::trim() {
  settle_all();
  if (!memory_keep_.release(last_use_bytes_)) return;
  for (Lane& lane : lanes_) lane.stream.trim(kKeepBytes);
  if (bulk_.capacity() > kKeepBytes) {
    bulk_.clear();
    bulk_.trim(kKeepBytes);
    bulk_start_ = 0;
    bulk_mapping_ = RingMapping{};
  }
  // Give back the staging pages an unusually large superstep touched.
  if (staged_ == staged_start_ && staged_peak_ > kKeepBytes && staged_start_ < kKeepBytes) {
    madvise(staging_.data + kKeepBytes, staged_peak_ - kKeepBytes, MADV_REMOVE);
    staged_peak_ = kKeepBytes;
  }
}

// A large put's bytes wait in the staging or the bulk area a whole number of
// cache lines from their destination (line_gap): the copy into place, by the
// receiver, the kernel for a cross-memory read, or MPI, then never meets the
// distances at which copies crawl (util/block_copy.hpp).
bool Outbox::stage(int dst, std::uint64_t dst_address, const void* src, std::uint64_t nbytes) {
  std::uint64_t offset = reserve_staging(dst_address, nbytes, nbytes);
  if (offset == kNoRoom) return false;
  copy_into_ring(staging_.data + offset, src, nbytes);
  staged_record(dst, dst_address, nbytes, offset);
  return true;
}

std::uint64_t Outbox::reserve_staging(std::uint64_t dst_address, std::uint64_t nbytes,
                                      std::uint64_t reserve) {
  std::uint64_t offset =
      staged_ + line_gap(reinterpret_cast<std::uintptr_t>(staging_.data) + staged_, dst_address);
  if (offset > staging_.size || nbytes > staging_.size - offset) return kNoRoom;
  const std::uint64_t end = std::min(staging_.size, offset + std::max(reserve, nbytes));
  if (staging_mapping_.reaches_unmapped(end)) [[unlikely]] {
    // Mapped in one go as far as twice this fill reaches, instead of a fault
    // every page (in a VM, dear) (util/cache_ring.hpp).
    RingMapping::Range range = staging_mapping_.grow(end, ring_extent(staging_.size));
    prepare_ring_for_writing(staging_.data, range.from, range.to);
  }
  staged_ = std::min(staging_.size, (end + 63) & ~std::uint64_t{63});
  staged_peak_ = std::max(staged_peak_, staged_);
  return offset;
}

char* Outbox::staged_record(int dst, std::uint64_t dst_address, std::uint64_t nbytes,
                            std::uint64_t offset) {
  // The readers map their view of the ring as far as this process has mapped it.
  return remote_record(dst, dst_address, kFromSharedStaging, nbytes, offset,
                       staging_mapping_.mapped_end(ring_extent(staging_.size)));
}

char* Outbox::remote_record(int dst, std::uint64_t dst_address, RemoteOrigin origin,
                            std::uint64_t nbytes, std::uint64_t address,
                            std::uint64_t ring_mapped) {
  char* record = append(dst, record_writer::kPutRemoteBytes);
  record_writer::put_remote(record, origin, dst_address, nbytes, address, ring_mapped);
  return record;
}

void Outbox::put_bulk(int dst, std::uint64_t dst_address, const void* src, std::uint64_t nbytes) {
  if (stage(dst, dst_address, src, nbytes)) return;
  const bool message = sends_as_bulk(nbytes) && dst != self_;
  if (inline_only_ && !message) {
    if (!put_inline_if_room(dst, dst_address, src, nbytes))
      put_inline_after_growing(dst, dst_address, src, nbytes);
    return;
  }
  std::uint64_t offset = append_bulk(dst_address, src, nbytes);
  remote_record(dst, dst_address, kFromBulk, nbytes, offset);
  if (message) bulk_sends_.push_back({dst, true, offset, nbytes});
}

std::uint64_t Outbox::append_bulk(std::uint64_t dst_address, const void* src,
                                  std::uint64_t nbytes) {
  // Room for the whole ring (address space); its pages are written as the
  // fills first reach them, as the staging ring's are (stage()).
  if (bulk_.capacity() < ring_span()) [[unlikely]]
    bulk_.make_room(ring_span() - bulk_.size());
  bulk_.make_room(nbytes + 63);  // the area does not move between here and the copy
  bulk_.grow_in_room(
      line_gap(reinterpret_cast<std::uintptr_t>(bulk_.data()) + bulk_.size(), dst_address));
  std::uint64_t offset = bulk_.size();
  if (bulk_mapping_.reaches_unmapped(offset + nbytes)) [[unlikely]] {
    RingMapping::Range range = bulk_mapping_.grow(offset + nbytes, ring_extent(bulk_.capacity()));
    prepare_ring_for_writing(bulk_.data(), range.from, range.to);
  }
  copy_into_ring(bulk_.grow_in_room(nbytes), src, nbytes);
  return offset;
}

void Outbox::get_request(int owner, std::uint64_t address, std::uint64_t nbytes, bool as_bulk) {
  ++lanes_[owner].get_requests;
  record_writer::get_request(append(owner, record_writer::kGetRequestBytes), address, nbytes,
                             as_bulk);
}

void Outbox::share_request(int owner, std::uint64_t address) {
  record_writer::share_request(append(owner, record_writer::kShareRequestBytes), address);
}

void Outbox::open_run(int dst, Run& run, std::uint64_t max_bytes) {
  Lane& lane = lanes_[dst];
  settle(lane);
  run = Run{};
  if (lane.next_address == kNoRecord || lane.stride) return;  // no run grows a strided record
  if (lane.ring_at) {
    std::uint64_t room =
        std::min(static_cast<std::uint64_t>(lane.ring_end - lane.ring_at), max_bytes);
    run = {lane.ring_at, lane.ring_at + room};
  } else {
    std::uint64_t room = std::min({std::uint64_t{kCombineMax - lane.open_bytes},
                                   std::uint64_t{lane.stream.room()}, max_bytes});
    char* at = lane.stream.data() + lane.stream.size();
    run = {at, at + room};
  }
  lane.open_run = &run;
}

// Where a run of small puts (an array written element by element) has
// filled a whole record, it goes on in the staging ring: a staged put whose
// byte count grows with the run, in a share of the ring that this lane alone
// fills. Its bytes then cross once, when the destination copies them into
// place, where in the stream the destination fetched them (a system call
// that pins the pages and copies) and then copied them again: 100,000
// 8-byte puts at p = 2 took a median of 447 us and take 380 (DESIGN.md, the
// small puts and sends).
bool Outbox::continue_run_in_staging(int dst, std::uint64_t dst_address, const void* src,
                                     std::uint64_t nbytes) {
  // Each share twice the run's last one, from kFirstShare: a run leaves at
  // most its last share's rest unused, so a superstep reserves at most about
  // twice what its runs write, plus kFirstShare a run (a share of 64 KiB
  // each time, runs just past a record reserved 64 KiB to write a few bytes).
  // At most kMostShare, and at most a quarter of the ring over the lanes, so
  // that runs dealt cyclically to many processes do not spread over more
  // memory; a run takes a library call per share.
  Lane& lane = lanes_[dst];
  const std::uint64_t most =
      std::clamp<std::uint64_t>(cache_ring_bytes() / (4 * lanes_.size()), kFirstShare, kMostShare);
  const std::uint64_t share = std::min<std::uint64_t>(
      lane.ring_at ? 2 * std::uint64_t{lane.ring_share} : kFirstShare, most);
  const std::uint64_t offset = reserve_staging(dst_address, nbytes, share);
  if (offset == kNoRoom) return false;
  const std::uint64_t end = std::min(staging_.size, offset + std::max(share, nbytes));
  char* record = staged_record(dst, dst_address, nbytes, offset);
  copy_bytes(staging_.data + offset, src, nbytes);
  lane.ring_share = static_cast<std::uint32_t>(share);
  lane.open_header = static_cast<std::uint64_t>(record - lane.stream.data());
  lane.open_bytes = static_cast<std::uint32_t>(nbytes);
  lane.next_address = dst_address + nbytes;
  lane.ring_at = staging_.data + offset + nbytes;
  lane.ring_end = staging_.data + end;
  lane.stride = 0;
  return true;
}

void Outbox::open_send_window(int dst, SendWindow& window, std::uint32_t tag_bytes,
                              std::uint32_t payload_bytes) {
  Lane& lane = lanes_[dst];
  window = SendWindow{};
  if (lane.open_run || tag_bytes > kSmallSendBytes || payload_bytes > kSmallSendBytes) return;
  char* at = lane.stream.data() + lane.stream.size();
  window = {{at, at + lane.stream.room()}, tag_bytes, payload_bytes};
  lane.open_run = &window.run;
  lane.window_record =
      static_cast<std::uint32_t>(record_writer::send_bytes(tag_bytes, payload_bytes));
  lane.window_payload = payload_bytes;
}

void Outbox::put_inline_after_growing(int dst, std::uint64_t dst_address, const void* src,
                                      std::uint64_t nbytes) {
  // Settled before the stream may move, whoever calls (a no-op after
  // put_inline_if_room, which settled it already).
  settle(lanes_[dst]);
  // Room for a new record, the most a put of nbytes takes.
  lanes_[dst].stream.make_room(record_writer::put_inline_bytes(nbytes));
  put_inline_if_room(dst, dst_address, src, nbytes);
}

void Outbox::hpput(int self, int dst, std::uint64_t dst_address, const void* src,
                   std::uint64_t nbytes) {
  // Small ones are copied now, like a put (their semantics allow moving the
  // data at any time up to the sync): cheaper than a remote read, and it
  // spares everyone the barrier that guards hpput sources until all are read.
  if (nbytes <= inline_max_) return put(dst, dst_address, src, nbytes);
  const auto source = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(src));
  if (sends_as_bulk(nbytes) && dst != self) {
    // Sent from its source at the sync; the sync waits for the send to
    // complete, so nobody needs to hold the source after it.
    remote_record(dst, dst_address, kFromUserMemory, nbytes, source);
    bulk_sends_.push_back({dst, false, source, nbytes});
    return;
  }
  if (inline_only_) return put(dst, dst_address, src, nbytes);
  // Staged only up to the cache ring's size (util/cache_ring.hpp): a larger one would add its
  // size to this process's memory and, the first time, fault it in page by page; it is read
  // in place at the sync, with no copy at the call (paper §3.2 asks for none).
  if (stage_hpputs_ && dst != self && nbytes <= cache_ring_bytes() &&
      stage(dst, dst_address, src, nbytes))
    return;
  if (dst != self) remote_hp_ = true;
  remote_record(dst, dst_address, kFromUserMemory, nbytes, source);
}

void Outbox::push(int self, const void* ident, std::uint64_t size, std::uint64_t id) {
  for (int q = 0; q < static_cast<int>(lanes_.size()); ++q) {
    if (q == self) continue;
    record_writer::push(append(q, record_writer::kPushBytes),
                        static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(ident)), size,
                        id);
  }
}

}  // namespace superstep
