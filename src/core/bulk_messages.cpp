// Large puts, hpputs and gets as bulk messages (engines with BulkMessages,
// which share no memory: MPI; DESIGN.md, "Measured design decisions").
//
// The issuer leaves a kPutRemote record in its stream (a put's bytes are
// copied into the outbox's bulk area at the call, as the buffering of
// bsp_put requires; an hpput's stay in its source). A large get says in its
// get request that the owner is to answer with a bulk message; the owner
// notes those requests while it answers the others in phase 1.
//
// Phase 2 begins here, once every get source has been read and every get
// answered in the reply round has landed: nothing of this process's memory
// changes any more until the streams are applied. Each process sends its
// puts' and hpputs' bytes, then the get answers it noted (messages between
// two processes match in the order sent), then walks its incoming streams
// for the put records addressed to it and posts its receives in the same
// order: the puts' messages, then its gets' answers in issue order. A
// message that no other write or read of the sync overlaps lands straight in
// place (landing_plan.hpp), unless its destination lies a few bytes after
// its source in a page (kDetourMin); the others in the landing buffer or, for
// a get, in the get staging, copied in their turn when the streams are
// applied, so the order of writes stays the paper's. Then it waits for its
// receives and its sends: an hpput's source may change once its process
// leaves the sync, and after the wait it may, so no hold barrier is needed
// for it.
#include "core/landing_plan.hpp"
#include "core/runtime.hpp"
#include "messaging/record_reader.hpp"
#include "util/block_copy.hpp"

namespace superstep {

namespace {
ByteSpan span_of(std::uint64_t address, std::uint64_t nbytes) {
  return {address, address + nbytes};
}

// From this size a message whose destination lies a few bytes after its source
// in a page (where the kernel's copy, with which MPI moves it between processes
// of one host, crawls: util/block_copy.hpp) lands in a buffer a whole number
// of cache lines from its source instead, and is copied into place from there:
// the extra copy costs less than the slow one loses (engines/shm/remote_memory
// measured the same kernel copy).
constexpr std::uint64_t kDetourMin = 1024;
}  // namespace

void Runtime::note_bulk_answer(int r, std::uint64_t address, std::uint64_t nbytes) {
  bulk_answers_.push_back({r, address, nbytes});
}

void Runtime::send_bulk_messages(std::vector<ByteSpan>& read_while_landing) {
  BulkMessages& engine = *caps_.bulk_messages;
  const Outbox& out = outbox_[parity_];
  for (const Outbox::BulkSend& s : out.bulk_sends()) {
    if (s.in_bulk) {
      engine.send_bulk(s.dst, out.bulk().data() + s.address, s.nbytes);
    } else {
      engine.send_bulk(s.dst, reinterpret_cast<const char*>(s.address), s.nbytes);
      read_while_landing.push_back(span_of(s.address, s.nbytes));
    }
  }
  for (const BulkAnswer& a : bulk_answers_) {
    engine.send_bulk(a.to, reinterpret_cast<const char*>(a.address), a.nbytes);
    read_while_landing.push_back(span_of(a.address, a.nbytes));
  }
}

void Runtime::exchange_bulk_messages() {
  bulk_in_.clear();
  std::vector<ByteSpan> messages, others;
  // Beside each message: its bytes' address in their sender (an hpput's
  // source, a get's), or one a whole number of lines from it (a put's).
  std::vector<std::uint64_t> sources;
  send_bulk_messages(others);
  for (int src = 0; src < nprocs_; ++src) note_stream_spans(src, messages, others, sources);
  // The gets' destinations: those answered by messages are candidates too,
  // after the puts (the order their receives are posted in).
  const std::size_t puts = messages.size();
  for (const GetRequest& g : gets_) {
    (g.bulk ? messages : others)
        .push_back(span_of(reinterpret_cast<std::uintptr_t>(g.dst), g.nbytes));
    if (g.bulk) sources.push_back(g.remote);
  }
  std::vector<bool> in_place = lands_in_place(messages, others);
  for (std::size_t i = 0; i < messages.size(); ++i)
    if (in_place[i] && messages[i].end - messages[i].begin >= kDetourMin &&
        copy_distance_is_slow(messages[i].begin, sources[i]))
      in_place[i] = false;
  place_bulk_buffers(messages, in_place, puts);
  post_bulk_receives(in_place, sources, puts);
  caps_.bulk_messages->wait_bulk();
  bulk_cursor_ = 0;
}

void Runtime::note_stream_spans(int src, std::vector<ByteSpan>& messages,
                                std::vector<ByteSpan>& others,
                                std::vector<std::uint64_t>& sources) {
  const char* begin = static_cast<const char*>(incoming_view_[src].data);
  const char* end = begin + incoming_view_[src].size;
  if (begin == end) return;
  StreamEndRecord tally = read_stream_end(end);
  if (tally.only_sends) return;
  for (RecordReader rec(begin, tally.records_end); !rec.done(); rec.next()) {
    if (rec.kind() == RecordKind::kPutInline) {
      PutInlineRecord put = rec.put_inline();
      others.push_back(span_of(put.dst_address, put.nbytes));
    } else if (rec.kind() == RecordKind::kPutStrided) {
      // The bytes from its first element to the end of its last: no message lands in between.
      PutStridedRecord put = rec.put_strided();
      others.push_back(span_of(put.dst_address, (put.count - 1) * put.stride + put.element));
    } else if (rec.kind() == RecordKind::kPutRemote) {
      PutRemoteRecord put = rec.put_remote();
      if (src != pid_) {
        messages.push_back(span_of(put.dst_address, put.nbytes));
        // A put's bytes wait in its sender's bulk area a whole number of
        // lines from their destination (Outbox::append_bulk): the
        // destination stands for them.
        sources.push_back(put.origin == kFromUserMemory ? put.address : put.dst_address);
        bulk_in_.push_back({src, reinterpret_cast<char*>(put.dst_address), put.nbytes, nullptr});
        continue;
      }
      others.push_back(span_of(put.dst_address, put.nbytes));
      if (put.origin == kFromUserMemory) others.push_back(span_of(put.address, put.nbytes));
    }
  }
}

// Buffers first, all of them: a receive posted into one must not move. Each
// has room for its line gap.
void Runtime::place_bulk_buffers(const std::vector<ByteSpan>& messages,
                                 const std::vector<bool>& in_place, std::size_t puts) {
  std::uint64_t landing = 0, staging = 0;
  for (std::size_t i = 0; i < messages.size(); ++i)
    if (!in_place[i])
      (i < puts ? landing : staging) += padded8(messages[i].end - messages[i].begin) + 64;
  bulk_landing_.resize(landing);
  std::uint64_t at = get_staging_.size();
  get_staging_.resize(at + staging);
  const auto staging_base = reinterpret_cast<std::uintptr_t>(get_staging_.data());
  std::size_t k = puts;
  for (GetRequest& g : gets_) {
    if (!g.bulk) continue;
    g.in_place = in_place[k++];
    if (!g.in_place) {
      at += line_gap(staging_base + at, g.remote);
      g.staging = at;
      at += padded8(g.nbytes);
    }
  }
}

// The puts' messages, then the gets' answers in issue order: in place, or a
// whole number of lines from their source in the landing buffer or staging.
void Runtime::post_bulk_receives(const std::vector<bool>& in_place,
                                 const std::vector<std::uint64_t>& sources, std::size_t puts) {
  BulkMessages& engine = *caps_.bulk_messages;
  const auto landing_base = reinterpret_cast<std::uintptr_t>(bulk_landing_.data());
  std::uint64_t landing = 0;
  for (std::size_t i = 0; i < puts; ++i) {
    BulkIn& b = bulk_in_[i];
    if (!in_place[i]) {
      landing += line_gap(landing_base + landing, sources[i]);
      b.landing = bulk_landing_.data() + landing;
      landing += padded8(b.nbytes);
    }
    engine.receive_bulk(b.src, b.landing ? b.landing : b.dst, b.nbytes);
  }
  for (GetRequest& g : gets_)
    if (g.bulk)
      engine.receive_bulk(g.src, g.in_place ? g.dst : get_staging_.data() + g.staging, g.nbytes);
}

}  // namespace superstep
