// What one process sends during one superstep: a stream of records per
// destination (puts, sends and registrations, in issue order, combined into
// one contiguous block per destination as Donaldson, Hill and Skillicorn
// (1999) §3 recommend), and
// one bulk staging area for the payloads of large buffered puts, which the destination reads
// straight into place, or which travel as bulk messages (engines with BulkMessages).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "engines/engine.hpp"
#include "messaging/record_writer.hpp"
#include "messaging/ring_copy.hpp"
#include "superstep/detail/inline_paths.h"
#include "util/block_copy.hpp"
#include "util/byte_buffer.hpp"
#include "util/cache_ring.hpp"
#include "util/memory_keep.hpp"

namespace superstep {

class Outbox {
  struct Lane;  // what this process sends one destination (below)

 public:
  // Puts up to this many bytes travel inside the stream; larger ones are
  // staged in the bulk area and read by the destination into place.
  static constexpr std::uint64_t kInlineMax = 1024;
  // A put that continues the previous put into the same stream (the next
  // bytes of the same destination) extends that record instead of starting a
  // new one, up to this many bytes: writing an array element by element then
  // costs one record per few kilobytes at the sync, not one per element.
  static constexpr std::uint64_t kCombineMax = 4096;
  // Puts of one size up to this many bytes, each the same distance after the
  // last, share one strided record (kPutStrided): an array dealt out element
  // by element (an FFT's permutation) then costs its elements' bytes in the
  // stream and one record at the sync, not a header and a record each.
  static constexpr std::uint32_t kStridedMax = 64;
  // The shares of the staging ring a run that outgrows a record goes on in
  // (continue_run_in_staging): the first, and the most any may take.
  static constexpr std::uint64_t kFirstShare = 1024;
  static constexpr std::uint64_t kMostShare = std::uint64_t{64} << 10;

  // inline_only: no payload is read from this process's memory at the sync
  // (for engines that cannot read another process's memory): large puts go to
  // the shared staging area while it has room, everything else travels
  // inside the streams; hpput then copies at the call, which its semantics
  // allow.
  void reset(int nprocs, bool inline_only);
  // Large buffered puts go here while it has room (see Engine::staging).
  void set_staging(SharedArea area) { staging_ = area; }
  // A registration says this process may now put up to bytes_to[q] into
  // process q in one superstep (self is this process): the staging ring is
  // mapped now as far as fills of all that to the others would map it
  // (util/cache_ring.hpp), and each stream is grown and written, at the
  // start of this outbox's next superstep (its streams may still be read
  // now), to twice what it may carry, within a few rings' span in all; so
  // the first supersteps that put that much fault no page in.
  void expect(const std::vector<std::uint64_t>& bytes_to, int self);
  // Large hpputs go to the staging area too while it has room (the engine
  // measured two copies cheaper than reading the source at the sync).
  void set_stage_hpputs(bool stage) { stage_hpputs_ = stage; }
  // How large puts are copied into the staging and bulk rings (nullptr: plainly).
  void set_ring_copy(RingCopy* ring_copy) { ring_copy_ = ring_copy; }
  // Puts and hpputs to processes other than self of at least min_bytes
  // (>= 1) travel as bulk messages: a put's bytes copied into the bulk area
  // at the call, an hpput's sent from its source at the sync (BulkMessages,
  // engine.hpp).
  void set_bulk_messages(std::uint64_t min_bytes, int self) {
    bulk_min_ = min_bytes;
    self_ = self;
    inline_max_ = std::min(kInlineMax, min_bytes - 1);
  }
  // Whether a transfer of nbytes between two processes is a bulk message (the
  // same rule for puts, hpputs and gets).
  bool sends_as_bulk(std::uint64_t nbytes) const { return bulk_min_ && nbytes >= bulk_min_; }
  std::uint64_t bulk_min() const { return bulk_min_; }
  // The largest put that travels inside its stream.
  std::uint64_t inline_max() const { return inline_max_; }
  // A payload this process sends as a bulk message at the sync, in issue order.
  struct BulkSend {
    int dst;
    bool in_bulk;  // address is an offset into bulk(), else a pointer (an hpput's source)
    std::uint64_t address;
    std::uint64_t nbytes;
  };
  const std::vector<BulkSend>& bulk_sends() const { return bulk_sends_; }
  // Ends every non-empty stream with its kStreamEnd record; nothing may be
  // added after it until clear().
  void seal();
  void clear();
  // Drops memory kept from an unusually large superstep, once the supersteps
  // of this parity have needed no more than MemoryKeep::kKeepBytes for a while
  // (util/memory_keep.hpp). Called once per use, after clear().
  void trim();

  [[gnu::always_inline]] void put(int dst, std::uint64_t dst_address, const void* src,
                                  std::uint64_t nbytes) {
    if (nbytes > inline_max_)
      put_bulk(dst, dst_address, src, nbytes);
    else if (!put_inline_if_room(dst, dst_address, src, nbytes))
      put_inline_after_growing(dst, dst_address, src, nbytes);
  }
  // A put of at most inline_max() bytes, into its stream, when the stream has
  // room for it without growing; false (nothing done) when it has not. Calls
  // nothing: the fast path of small puts (Runtime::put_like_last) is this.
  [[gnu::always_inline]] bool put_inline_if_room(int dst, std::uint64_t dst_address,
                                                 const void* src, std::uint64_t nbytes) {
    settle(lanes_[dst]);
    if (put_extending(dst, dst_address, src, nbytes)) return true;
    Lane& lane = lanes_[dst];
    // A run that has filled a whole record goes on in the staging ring.
    if (dst_address == lane.next_address &&
        (lane.ring_at || lane.open_bytes + nbytes > kCombineMax) && staging_.data) [[unlikely]] {
      if (continue_run_in_staging(dst, dst_address, src, nbytes)) return true;
    }
    if (starts_stride(lane, dst_address, nbytes)) [[unlikely]] {
      make_strided(lane, dst_address, src, static_cast<std::uint32_t>(nbytes));
      return true;
    }
    std::uint64_t record_bytes = record_writer::put_inline_bytes(nbytes);
    if (!lane.stream.has_room(record_bytes)) return false;
    if (lane.stream.empty()) ++nonempty_streams_;
    ++lane.others;
    char* at = lane.stream.grow_in_room(record_bytes);
    copy_bytes(record_writer::put_inline(at, dst_address, static_cast<std::uint32_t>(nbytes)), src,
               nbytes);
    lane.open_header = static_cast<std::uint64_t>(at - lane.stream.data());
    lane.open_bytes = static_cast<std::uint32_t>(nbytes);
    lane.next_address = next_after(dst_address, nbytes);
    lane.ring_at = nullptr;
    lane.stride = 0;
    return true;
  }
  // A run of puts each of which continues the last into one stream (an
  // array written element by element, also when puts to several processes
  // alternate): the cheapest put copies its bytes to `at` and moves it on,
  // and nothing else. The lane learns of those bytes (its stream's size, the
  // open record's byte count) only when its run settles, which also ends the
  // run: where anything else grows that lane's stream (grow_stream,
  // put_inline_if_room) and where the stream is read or ended (stream(),
  // seal, clear, trim), so nobody sees the stream in between.
  // Its layout is the one the program's inline first tier of bsp_put grows
  // (superstep/detail/inline_paths.h): at, where the run's next bytes go; end, how
  // far it may grow (at == end: no room, or no run).
  // A run that fills a whole record (kCombineMax) goes on in the shared
  // staging ring, where there is one, as a staged put that grows
  // (continue_run_in_staging): the destination then copies its bytes from
  // there straight into place at the sync, as it does a large put's, instead
  // of fetching a stream that holds them and copying them again.
  using Run = superstep_run;
  // Whether the next put to dst is likely to continue the put of nbytes just
  // made there, so that a run is worth opening: where that put continued the
  // one before it (its record holds more), or went on in the staging ring.
  // A put that started a record of its own, as every put of a strided
  // pattern does (an FFT's permutation), would open a run no put takes:
  // opening it took a sixth of such puts' time under a profiler.
  bool run_likely(int dst, std::uint32_t nbytes) const {
    const Lane& lane = lanes_[dst];
    return lane.ring_at || lane.open_bytes > nbytes;
  }
  // Opens in `run` (which must stay where it is while the run is open) the run
  // that continues the last put into dst's stream, for at most max_bytes; no
  // room where that put's record cannot grow.
  void open_run(int dst, Run& run, std::uint64_t max_bytes);
  // A window of dst's stream for sends of one shape (SendWindow: tag_bytes,
  // payload_bytes, each at most kSmallSendBytes), which the program's inline
  // bsp_send fills with the messages of a kSendRun record (superstep/detail/inline_paths.h)
  // and which settles like a run, counting them into the run's header (or taking the header
  // back where none came). Opened after a send when the lane has nothing open
  // (`window` must stay where it is while it is open).
  using SendWindow = superstep_send_window;
  void open_send_window(int dst, SendWindow& window, std::uint32_t tag_bytes,
                        std::uint32_t payload_bytes);
  // Tells dst's lane of its open run's bytes and ends the run.
  void settle(int dst) { settle(lanes_[dst]); }
  // as_bulk: the owner answers with a bulk message (BulkMessages), not in the reply round.
  void get_request(int owner, std::uint64_t address, std::uint64_t nbytes, bool as_bulk = false);
  // Asks owner to share the pages of its registered area at `address`.
  void share_request(int owner, std::uint64_t address);
  // Check mode only: the call site of the put to dst that comes next (file
  // nullptr: not known), a kPutSite record before the put's record. The put
  // then starts a record of its own: it extends no earlier one.
  void put_site(int dst, const char* file, int line);
  // Check mode only: a bsp_hpget of the owner's bytes address..+nbytes, called
  // at file:line (a kGetSite record), however the get is served.
  void get_site(int owner, std::uint64_t address, std::uint64_t nbytes, const char* file, int line);
  void hpput(int self, int dst, std::uint64_t dst_address, const void* src, std::uint64_t nbytes);
  // The tag is padded so that the payload starts 8-byte aligned: bsp_hpmove
  // hands out a pointer into the stream, and programs cast it to their type.
  // Inline: a program may send a message per element.
  [[gnu::always_inline]] void send(int dst, const void* tag, std::uint32_t tag_bytes,
                                   const void* payload, std::uint64_t payload_bytes) {
    Lane& lane = lanes_[dst];
    write_send(lane, grow_stream(lane, record_writer::send_bytes(tag_bytes, payload_bytes)), tag,
               tag_bytes, payload, payload_bytes);
  }
  // A send of a tag and a payload of at most kSmallSendBytes each, when its
  // stream has room without growing; false (nothing done) when it has not.
  // Calls nothing: the second tier of bsp_send (Runtime::send_small) is this.
  static constexpr std::uint32_t kSmallSendBytes = 16;
  [[gnu::always_inline]] bool send_if_room(int dst, const void* tag, std::uint32_t tag_bytes,
                                           const void* payload, std::uint32_t payload_bytes) {
    if (tag_bytes > kSmallSendBytes || payload_bytes > kSmallSendBytes) __builtin_unreachable();
    Lane& lane = lanes_[dst];
    // Declined rather than settled here: send() settles, once per run, and
    // this path stays free of the registers settling needs.
    if (lane.open_run) [[unlikely]]
      return false;
    std::uint64_t record_bytes = record_writer::send_bytes(tag_bytes, payload_bytes);
    if (!lane.stream.has_room(record_bytes)) return false;
    if (lane.stream.empty()) ++nonempty_streams_;
    lane.next_address = kNoRecord;
    write_send(lane, lane.stream.grow_in_room(record_bytes), tag, tag_bytes, payload,
               payload_bytes);
    return true;
  }
  // A push goes to every other process: each learns this process's address.
  // Pops travel nowhere: every process resolves the same slot id itself, and
  // the sync compares digests of the push/pop sequences.
  void push(int self, const void* ident, std::uint64_t size, std::uint64_t id);

  ByteBuffer& stream(int dst) {
    settle(lanes_[dst]);
    return lanes_[dst].stream;
  }
  const ByteBuffer& bulk() const { return bulk_; }
  // The sends to dst this superstep and their payload bytes (tags left out),
  // whichever tier wrote them; complete once seal() has settled every run.
  std::uint64_t sends_to(int dst) const { return lanes_[dst].sends; }
  std::uint64_t send_payload_bytes_to(int dst) const { return lanes_[dst].send_bytes; }
  bool any_stream() const { return nonempty_streams_ != 0; }
  // Whether an hpput of this superstep is read from the source's memory at
  // the sync (so the source must not change it until everyone has read).
  bool remote_hp() const { return remote_hp_; }

 private:
  // What this process sends one destination: its stream, and the put record
  // at its end that a put continuing it may extend (kNoRecord: none).
  struct Lane {
    ByteBuffer stream;
    std::uint64_t sends = 0, send_bytes = 0;  // for the stream's StreamTally
    std::uint64_t others = 0, get_requests = 0;
    std::uint64_t next_address = kNoRecord;  // where such a put starts
    std::uint64_t open_header = 0;           // offset of that record's header
    std::uint32_t open_bytes = 0;            // its byte count so far
    // Where the open record is a staged put a run grows (a kPutRemote from
    // the staging ring), where its next bytes go in the ring and how far
    // its share of the ring reaches; ring_at nullptr: the record is in the
    // stream. Meaningful while next_address is.
    char* ring_at = nullptr;
    char* ring_end = nullptr;
    std::uint32_t ring_share = 0;  // the bytes of that share
    // Where the open record is strided (kPutStrided): the distance between its
    // elements (open_bytes each) and how many it holds; 0: it is not.
    // Meaningful while next_address is.
    std::uint64_t stride = 0, strided_count = 0;
    Run* open_run = nullptr;  // a run whose bytes the lane does not count yet
    // When open_run is a send window's: the length of each of its messages,
    // the payload bytes in each (else 0), and where its run's header is.
    std::uint32_t window_record = 0, window_payload = 0;
    std::uint64_t window_header = 0;
  };
  // Inline: the second tier of small puts (put_inline_if_room) settles at
  // every put that does not continue a run, and a call there would make it
  // save registers.
  [[gnu::always_inline]] static void settle(Lane& lane) {
    Run* run = lane.open_run;
    if (!run) [[likely]]
      return;
    lane.open_run = nullptr;
    if (lane.ring_at && !lane.window_record) {
      settle_ring_run(lane, *run);
      return;
    }
    char* settled = lane.stream.data() + lane.stream.size();
    auto grown = static_cast<std::uint32_t>(run->at - settled);
    run->end = run->at;
    if (lane.window_record) {
      std::uint32_t sends = grown / lane.window_record;
      lane.sends += sends;
      lane.send_bytes += std::uint64_t{sends} * lane.window_payload;
      lane.window_record = lane.window_payload = 0;
      if (sends == 0) {
        lane.stream.resize(lane.window_header);
        return;
      }
      record_writer::set_send_run_count(lane.stream.data() + lane.window_header, sends);
      lane.stream.grow_in_room(grown);
      return;
    }
    if (grown == 0) return;
    lane.stream.grow_in_room(grown);
    lane.open_bytes += grown;
    lane.next_address += grown;
    record_writer::set_put_inline_bytes(lane.stream.data() + lane.open_header, lane.open_bytes);
  }
  void settle_all() {
    for (Lane& lane : lanes_) settle(lane);
  }
  char* append(int dst, std::uint64_t n) {
    Lane& lane = lanes_[dst];
    ++lane.others;
    return grow_stream(lane, n);
  }
  // Every record but a small put's grows its stream here: the lane's run
  // settles first, so the record comes after the run's bytes.
  char* grow_stream(Lane& lane, std::uint64_t n) {
    settle(lane);
    if (lane.stream.empty()) ++nonempty_streams_;
    lane.next_address = kNoRecord;
    return lane.stream.grow(n);
  }

  [[gnu::always_inline]] static void write_send(Lane& lane, char* at, const void* tag,
                                                std::uint32_t tag_bytes, const void* payload,
                                                std::uint64_t payload_bytes) {
    ++lane.sends;
    lane.send_bytes += payload_bytes;
    record_writer::send(at, tag, tag_bytes, payload, payload_bytes);
  }
  // A put whose bytes follow the open record's, when the stream has room:
  // grows that record; false (nothing done) otherwise.
  [[gnu::always_inline]] bool put_extending(int dst, std::uint64_t dst_address, const void* src,
                                            std::uint64_t nbytes) {
    Lane& lane = lanes_[dst];
    // The open record's state lives here, not in the stream: extending it
    // reads nothing back from the stream (one store to its byte count).
    if (dst_address != lane.next_address) return false;
    if (lane.ring_at) [[unlikely]]
      return extend_ring_record(lane, src, nbytes);
    if (lane.stride) return extend_strided(lane, src, nbytes);
    if (lane.open_bytes + nbytes > kCombineMax || !lane.stream.has_room(padded8(nbytes)))
      return false;
    grow_open_record(lane, src, static_cast<std::uint32_t>(nbytes));
    return true;
  }
  // The same for a record whose bytes are in the staging ring, while its
  // share of the ring has room.
  static bool extend_ring_record(Lane& lane, const void* src, std::uint64_t nbytes) {
    if (static_cast<std::uint64_t>(lane.ring_end - lane.ring_at) < nbytes) return false;
    copy_bytes(lane.ring_at, src, nbytes);
    lane.ring_at += nbytes;
    grow_ring_record(lane, static_cast<std::uint32_t>(nbytes));
    return true;
  }
  // The same for a strided record: a put of its element's size, where the
  // stream has room.
  static bool extend_strided(Lane& lane, const void* src, std::uint64_t nbytes) {
    if (nbytes != lane.open_bytes || !lane.stream.has_room(padded8(nbytes))) return false;
    copy_bytes(lane.stream.grow_in_room(padded8(nbytes)), src, nbytes);
    lane.next_address += lane.stride;
    record_writer::set_put_strided_count(lane.stream.data() + lane.open_header,
                                         ++lane.strided_count);
    return true;
  }
  // Whether a put that does not continue the open record makes it strided:
  // that record is a put record of one element of this size (a run's bytes
  // settled already), the put lands further on than that element ends, and
  // the stream has room for the change.
  static bool starts_stride(const Lane& lane, std::uint64_t dst_address, std::uint64_t nbytes) {
    if (lane.next_address == kNoRecord || lane.ring_at || lane.stride ||
        lane.open_bytes != nbytes || nbytes > kStridedMax)
      return false;
    return dst_address > lane.next_address &&
           lane.stream.has_room(record_writer::strided_bytes_added(lane.open_bytes));
  }
  static void make_strided(Lane& lane, std::uint64_t dst_address, const void* src,
                           std::uint32_t nbytes) {
    std::uint64_t first = lane.next_address - nbytes;
    lane.stride = dst_address - first;
    lane.strided_count = 2;
    lane.stream.grow_in_room(record_writer::strided_bytes_added(nbytes));
    record_writer::put_strided_from_inline(lane.stream.data() + lane.open_header, lane.stride,
                                           nbytes, src);
    lane.next_address = dst_address + lane.stride;
  }
  // Counts nbytes more in the open staged record (their bytes are in the ring).
  static void grow_ring_record(Lane& lane, std::uint32_t nbytes) {
    lane.open_bytes += nbytes;
    lane.next_address += nbytes;
    record_writer::set_put_remote_bytes(lane.stream.data() + lane.open_header, lane.open_bytes);
  }
  // Tells the lane of the bytes its run wrote into the ring, and ends the run.
  static void settle_ring_run(Lane& lane, Run& run) {
    auto grown = static_cast<std::uint32_t>(run.at - lane.ring_at);
    run.end = run.at;
    lane.ring_at = run.at;
    if (grown) grow_ring_record(lane, grown);
  }
  // Starts a staged put record for a put that continues a full record, in a
  // share of the staging ring of its own; false (nothing done) where the
  // staging area has no room left.
  bool continue_run_in_staging(int dst, std::uint64_t dst_address, const void* src,
                               std::uint64_t nbytes);
  // Appends a put's nbytes to the open record of the lane's stream, which has
  // room for them (the put starts at lane.next_address).
  [[gnu::always_inline]] static void grow_open_record(Lane& lane, const void* src,
                                                      std::uint32_t nbytes) {
    char* stream = lane.stream.data();
    char* at = lane.stream.grow_in_room(padded8(nbytes));
    std::uint32_t grown = lane.open_bytes + nbytes;
    lane.open_bytes = grown;
    lane.next_address = next_after(lane.next_address, nbytes);
    record_writer::set_put_inline_bytes(stream + lane.open_header, grown);
    copy_bytes(at, src, nbytes);
  }
  // Makes room in dst's stream for a put of nbytes (the stream may move:
  // the lane's run settles first), then puts it.
  void put_inline_after_growing(int dst, std::uint64_t dst_address, const void* src,
                                std::uint64_t nbytes);

  void put_bulk(int dst, std::uint64_t dst_address, const void* src, std::uint64_t nbytes);
  // Copies a put's bytes into the bulk area, a whole number of cache lines
  // from their destination; returns their offset there.
  std::uint64_t append_bulk(std::uint64_t dst_address, const void* src, std::uint64_t nbytes);
  // Copies a large put into the shared staging area and records it; false
  // when the area has no room left.
  bool stage(int dst, std::uint64_t dst_address, const void* src, std::uint64_t nbytes);
  // Reserves `reserve` bytes (at least nbytes) of the staging ring, a whole
  // number of lines from dst_address and mapped for writing; returns their
  // offset, or kNoRoom where fewer than nbytes are left (stage and
  // continue_run_in_staging).
  static constexpr std::uint64_t kNoRoom = ~std::uint64_t{0};
  std::uint64_t reserve_staging(std::uint64_t dst_address, std::uint64_t nbytes,
                                std::uint64_t reserve);
  // The record of a put whose nbytes wait in the staging ring at offset.
  char* staged_record(int dst, std::uint64_t dst_address, std::uint64_t nbytes,
                      std::uint64_t offset);
  char* remote_record(int dst, std::uint64_t dst_address, RemoteOrigin origin, std::uint64_t nbytes,
                      std::uint64_t address, std::uint64_t ring_mapped = 0);

  static constexpr std::uint64_t kNoRecord = ~std::uint64_t{0};
  // Where a put that may extend the record just written starts. Only a
  // record whose bytes fill whole words can be extended: the next put's bytes
  // must follow its payload without padding in between.
  static std::uint64_t next_after(std::uint64_t dst_address, std::uint64_t nbytes) {
    return nbytes % 8 == 0 ? dst_address + nbytes : kNoRecord;
  }

  std::vector<Lane> lanes_;
  // The bulk area is a cache ring too (util/cache_ring.hpp): this
  // superstep's bytes are [bulk_start_, bulk_.size()), and the bytes before
  // them are the earlier supersteps' that other processes may still hold in
  // their caches.
  ByteBuffer bulk_;
  std::uint64_t bulk_start_ = 0;
  RingMapping bulk_mapping_;  // how much of the ring is written once (append_bulk)
  std::vector<BulkSend> bulk_sends_;
  std::uint64_t bulk_min_ = 0;  // 0: no bulk messages
  int self_ = -1;
  std::uint64_t inline_max_ = kInlineMax;
  SharedArea staging_{nullptr, 0};
  RingMapping staging_mapping_;  // how much of staging_'s ring is written once
  // expect(): each stream's size, by destination, until the next clear() grows them.
  std::vector<std::uint64_t> expected_streams_;
  std::uint64_t last_use_bytes_ = 0;  // the most the superstep before clear() needed
  MemoryKeep memory_keep_;            // when trim() gives memory back
  std::uint64_t staged_start_ = 0;    // where this superstep's staged bytes begin
  std::uint64_t staged_ = 0;          // where they end
  std::uint64_t staged_peak_ = 0;     // the most in use since the last trim()
  int nonempty_streams_ = 0;
  bool remote_hp_ = false;
  bool inline_only_ = false;
  bool stage_hpputs_ = false;
  RingCopy* ring_copy_ = nullptr;
  void copy_into_ring(void* dst, const void* src, std::uint64_t nbytes) {
    if (ring_copy_)
      ring_copy_->copy(dst, src, nbytes);
    else
      copy_block(dst, src, nbytes);
  }
};

}  // namespace superstep
