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
  if (!expected_streams_.empty()) [[unlikely]] {
    for (std::size_t q = 0; q < lanes_.size(); ++q) lanes_[q].stream.prepare(expected_streams_[q]);
    expected_streams_.clear();
  }
}

void Outbox::expect(const std::vector<std::uint64_t>& bytes_to, int self) {
  std::uint64_t to_others = 0;
  for (std::size_t q = 0; q < bytes_to.size(); ++q)
    if (static_cast<int>(q) != self) to_others += bytes_to[q];
  if (staging_.data && to_others > 0) {
    RingMapping::Range range = staging_mapping_.expect(to_others, ring_extent(staging_.size));
    prepare_ring_for_writing(staging_.data, range.from, range.to);
  }
  const std::uint64_t most_per_stream = 4 * ring_span() / std::max<std::size_t>(1, lanes_.size());
  expected_streams_.assign(lanes_.size(), 0);
  for (std::size_t q = 0; q < lanes_.size() && q < bytes_to.size(); ++q)
    expected_streams_[q] = std::min(2 * bytes_to[q], most_per_stream);
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

void Outbox::get_request(int owner, std::uint64_t address, std::uint64_t nbytes, bool as_bulk) {
  ++lanes_[owner].get_requests;
  record_writer::get_request(append(owner, record_writer::kGetRequestBytes), address, nbytes,
                             as_bulk);
}

void Outbox::share_request(int owner, std::uint64_t address) {
  record_writer::share_request(append(owner, record_writer::kShareRequestBytes), address);
}

namespace {
// A call site's file name as a site record carries it (its byte count): a
// longer name keeps its end, where the file's own name is.
std::uint32_t site_file(const char*& file) {
  constexpr std::size_t kMostFileBytes = 4096;
  std::size_t n = file ? std::strlen(file) : 0;
  if (n > kMostFileBytes) {
    file += n - kMostFileBytes;
    n = kMostFileBytes;
  }
  return static_cast<std::uint32_t>(n);
}
}  // namespace

void Outbox::put_site(int dst, const char* file, int line) {
  const std::uint32_t bytes = site_file(file);
  record_writer::put_site(append(dst, record_writer::put_site_bytes(bytes)), file, bytes, line);
}

void Outbox::get_site(int owner, std::uint64_t address, std::uint64_t nbytes, const char* file,
                      int line) {
  const std::uint32_t bytes = site_file(file);
  record_writer::get_site(append(owner, record_writer::get_site_bytes(bytes)), address, nbytes,
                          file, bytes, line);
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
// that pins the pages and copies) and then copied them again (DESIGN.md,
// "Measured design decisions": small puts combine into runs).
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
  const auto element =
      static_cast<std::uint32_t>(record_writer::send_run_element_bytes(tag_bytes, payload_bytes));
  // A run's header, then room for at least one message (a message of no bytes at all has no
  // place in a run: its count would not follow from the run's bytes).
  if (lane.open_run || tag_bytes > kSmallSendBytes || payload_bytes > kSmallSendBytes ||
      element == 0 || !lane.stream.has_room(kSendRunHeaderBytes + element))
    return;
  lane.window_header = lane.stream.size();
  record_writer::send_run(lane.stream.grow_in_room(kSendRunHeaderBytes), tag_bytes,
                          payload_bytes);
  char* at = lane.stream.data() + lane.stream.size();
  window = {{at, at + lane.stream.room()}, tag_bytes, payload_bytes};
  lane.open_run = &window.run;
  lane.window_record = element;
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

void Outbox::push(int self, const void* ident, std::uint64_t size, std::uint64_t id) {
  for (int q = 0; q < static_cast<int>(lanes_.size()); ++q) {
    if (q == self) continue;
    record_writer::push(append(q, record_writer::kPushBytes),
                        static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(ident)), size,
                        id);
  }
}

}  // namespace superstep
