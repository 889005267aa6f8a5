// Large puts, hpputs and gets as bulk messages (engines with BulkMessages,
// which share no memory: MPI; DESIGN.md, "Bulk messages").
//
// The issuer leaves a kPutRemote record in its stream (a put's bytes are
// copied into the outbox's bulk area at the call, as the buffering of
// bsp_put requires; an hpput's stay in its source) and sends the bytes as a
// message of their own right after the sync's exchange. The destination, in
// phase 2 (all get sources have been read by then), walks its incoming
// streams for those records, lets every message that no other write or read
// of the sync overlaps land straight in place (landing_plan.hpp), the others
// in the landing buffer, and waits for them and for its own sends. Applying
// the streams then copies what landed in the buffer in its turn, so the
// order of writes stays the paper's. The wait ends every send too: an
// hpput's source may change once its process leaves the sync, so no hold
// barrier is needed for it.
//
// A large get asks its owner, in its get request, for a bulk message: the
// owner sends the bytes from its memory in phase 1, after the puts' messages
// (messages between two processes match in the order sent, and the asker
// posts its receives in the same order: puts first, then gets in issue
// order). It lands in place under the same rule, else in the get staging,
// copied with the other gets.
#include "core/landing_plan.hpp"
#include "core/runtime.hpp"
#include "messaging/record_reader.hpp"

namespace superstep {

namespace {
ByteSpan span_of(std::uint64_t address, std::uint64_t nbytes) {
  return {address, address + nbytes};
}
}  // namespace

void Runtime::post_bulk_sends() {
  const Outbox& out = outbox_[parity_];
  for (const Outbox::BulkSend& s : out.bulk_sends())
    caps_.bulk_messages->send_bulk(
        s.dst, s.in_bulk ? out.bulk().data() + s.address : reinterpret_cast<const char*>(s.address),
        s.nbytes);
}

void Runtime::answer_as_bulk(int r, std::uint64_t address, std::uint64_t nbytes) {
  caps_.bulk_messages->send_bulk(r, reinterpret_cast<const char*>(address), nbytes);
  bulk_answers_.push_back(span_of(address, nbytes));  // read while messages land
}

void Runtime::receive_bulk_messages() {
  bulk_in_.clear();
  std::vector<ByteSpan> messages, others;
  for (const Outbox::BulkSend& s : outbox_[parity_].bulk_sends())
    if (!s.in_bulk) others.push_back(span_of(s.address, s.nbytes));  // read while they land
  others.insert(others.end(), bulk_answers_.begin(), bulk_answers_.end());
  for (int src = 0; src < nprocs_; ++src) {
    const char* begin = static_cast<const char*>(incoming_view_[src].data);
    const char* end = begin + incoming_view_[src].size;
    if (begin == end) continue;
    StreamEndRecord tally = read_stream_end(end);
    if (tally.only_sends) continue;
    for (RecordReader rec(begin, tally.records_end); !rec.done(); rec.next()) {
      if (rec.kind() == RecordKind::kPutInline) {
        PutInlineRecord put = rec.put_inline();
        others.push_back(span_of(put.dst_address, put.nbytes));
      } else if (rec.kind() == RecordKind::kPutRemote) {
        PutRemoteRecord put = rec.put_remote();
        if (src != pid_) {
          messages.push_back(span_of(put.dst_address, put.nbytes));
          bulk_in_.push_back({src, reinterpret_cast<char*>(put.dst_address), put.nbytes, nullptr});
          continue;
        }
        others.push_back(span_of(put.dst_address, put.nbytes));
        if (put.origin == kFromUserMemory) others.push_back(span_of(put.address, put.nbytes));
      }
    }
  }
  // The gets' destinations: those answered by messages are candidates too,
  // after the puts (the order their receives are posted in).
  const std::size_t puts = messages.size();
  for (const GetRequest& g : gets_)
    (g.bulk ? messages : others)
        .push_back(span_of(reinterpret_cast<std::uintptr_t>(g.dst), g.nbytes));
  std::vector<bool> in_place = lands_in_place(messages, others);
  std::uint64_t landing = 0;
  for (std::size_t i = 0; i < bulk_in_.size(); ++i)
    if (!in_place[i]) landing += padded8(bulk_in_[i].nbytes);
  bulk_landing_.resize(landing);
  landing = 0;
  for (std::size_t i = 0; i < bulk_in_.size(); ++i) {
    BulkIn& b = bulk_in_[i];
    if (!in_place[i]) {
      b.landing = bulk_landing_.data() + landing;
      landing += padded8(b.nbytes);
    }
    caps_.bulk_messages->receive_bulk(b.src, b.landing ? b.landing : b.dst, b.nbytes);
  }
  std::size_t k = puts;
  for (GetRequest& g : gets_) {
    if (!g.bulk) continue;
    g.in_place = in_place[k++];
    caps_.bulk_messages->receive_bulk(g.src, g.in_place ? g.dst : get_staging_.data() + g.staging,
                                      g.nbytes);
  }
  caps_.bulk_messages->wait_bulk();
  bulk_cursor_ = 0;
}

}  // namespace superstep
