// Reading records (messaging/records.hpp): the one place that decodes them.
// A Record decodes the record at a position (its kind, length and fields); a
// RecordReader walks one stream from its first record to its last and never
// reads past the stream's end: bytes at the end that hold no whole record (a
// truncated stream) end the walk, and complete() then says so. Everything
// that decodes records goes through here: core/sync (applying streams,
// answering get requests, a stream's seal), core/message_queue (its cursor
// steps from send to send with Record, and walks with a RecordReader to find
// the next send), the unit tests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "messaging/records.hpp"

namespace superstep {

struct PutInlineRecord {
  std::uint64_t dst_address;
  const char* data;
  std::uint32_t nbytes;
};
struct PutStridedRecord {
  std::uint64_t dst_address;  // the first element's
  std::uint64_t stride;
  std::uint64_t count;
  std::uint32_t element;  // bytes of each
  const char* data;       // the elements, each padded to a multiple of 8 bytes
};
struct PutRemoteRecord {
  std::uint64_t dst_address;
  RemoteOrigin origin;
  std::uint64_t nbytes;
  std::uint64_t address;      // as the origin says
  std::uint64_t ring_mapped;  // kFromSharedStaging: how far the source mapped its ring
};
struct SendRecord {
  const char* tag;
  std::uint32_t tag_bytes;
  const char* payload;  // 8-byte aligned when the stream is
  std::uint64_t payload_bytes;
  const char* record_end;  // where the next record starts
};
// A run of sends of one shape: count messages from `first` on, `element` bytes apart, each
// its tag (tag_bytes) and then its payload (payload_bytes) padded.
struct SendRunRecord {
  const char* first;
  std::uint32_t tag_bytes;
  std::uint64_t payload_bytes;
  std::uint64_t count;
  std::uint64_t element;
  // Message i of the run as a SendRecord.
  SendRecord message(std::uint64_t i) const {
    const char* tag = first + i * element;
    return {tag, tag_bytes, tag + padded8(tag_bytes), payload_bytes, tag + element};
  }
};
struct PushRecord {
  std::uint64_t address;  // in the sender
  std::uint64_t size;
  std::uint64_t id;
};
struct GetRequestRecord {
  std::uint64_t address;  // in the owner, who reads it
  std::uint64_t nbytes;
  bool as_bulk;  // answered by a bulk message, not in the reply round
};
struct ShareRequestRecord {
  std::uint64_t address;  // of the registered area, in the destination
};
// Check mode: where the put records that follow were called.
struct PutSiteRecord {
  const char* file;  // file_bytes long, not terminated
  std::uint32_t file_bytes;
  std::int64_t line;
};
// Check mode: an hpget of the owner's bytes address..+nbytes, and its call site.
struct GetSiteRecord {
  std::uint64_t address;
  std::uint64_t nbytes;
  const char* file;  // file_bytes long, not terminated
  std::uint32_t file_bytes;
  std::int64_t line;
};
// The record that seals a non-empty stream, and what it says of the others.
struct StreamEndRecord {
  const char* records_end;  // where the other records end: this record's start
  bool only_sends;          // every other record is a send
  std::uint64_t sends;
  std::uint64_t send_payload_bytes;
  std::uint64_t get_requests;
};

// One record where it lies: its kind, its length and its fields decoded (the
// accessor must match the kind). It knows nothing of where its stream ends:
// RecordReader does.
class Record {
 public:
  explicit Record(const char* at) : at_(at) {}

  RecordKind kind() const { return field<RecordKind>(offsetof(RecordHeader, kind)); }
  // Its length, header included.
  std::uint64_t length() const {
    if (kind() == RecordKind::kSend) [[likely]]  // the queue visits sends in a row
      return sizeof(RecordHeader) + padded8(aux()) + padded8(value());
    if (kind() == RecordKind::kPutStrided)
      return sizeof(RecordHeader) + sizeof(StridedInfo) +
             info<StridedInfo>().count * padded8(aux());
    if (kind() == RecordKind::kSendRun)
      return kSendRunHeaderBytes + info<SendRunInfo>().count * (padded8(aux()) + padded8(value()));
    RecordHeader h;
    std::memcpy(&h, at_, sizeof h);
    return record_length(&h);
  }

  PutInlineRecord put_inline() const { return {value(), body(), aux()}; }
  PutStridedRecord put_strided() const {
    StridedInfo si = info<StridedInfo>();
    return {value(), si.stride, si.count, aux(), body() + sizeof(StridedInfo)};
  }
  PutRemoteRecord put_remote() const {
    RemoteSource rs = info<RemoteSource>();
    return {value(), static_cast<RemoteOrigin>(aux()), rs.nbytes, rs.address, rs.ring_mapped};
  }
  SendRecord send() const {
    const char* payload = body() + padded8(aux());
    return {body(), aux(), payload, value(), payload + padded8(value())};
  }
  SendRunRecord send_run() const {
    return {at_ + kSendRunHeaderBytes, aux(), value(), info<SendRunInfo>().count,
            padded8(aux()) + padded8(value())};
  }
  PushRecord push() const {
    PushInfo p = info<PushInfo>();
    return {value(), p.size, p.id};
  }
  GetRequestRecord get_request() const {
    return {value(), info<GetInfo>().nbytes, aux() == kAnswerAsBulk};
  }
  ShareRequestRecord share_request() const { return {value()}; }
  PutSiteRecord put_site() const {
    return {body(), aux(), static_cast<std::int64_t>(value())};
  }
  GetSiteRecord get_site() const {
    GetSiteInfo g = info<GetSiteInfo>();
    return {g.address, g.nbytes, body() + sizeof(GetSiteInfo), aux(),
            static_cast<std::int64_t>(value())};
  }
  StreamEndRecord stream_end() const {
    StreamTally t = info<StreamTally>();
    return {at_, aux() == kOnlySends, value(), t.payload_bytes, t.get_requests};
  }

 private:
  // The header's fields, each read alone (what a caller uses is all it loads).
  template <typename T>
  T field(std::size_t offset) const {
    T v;
    std::memcpy(&v, at_ + offset, sizeof v);
    return v;
  }
  std::uint32_t aux() const { return field<std::uint32_t>(offsetof(RecordHeader, aux)); }
  std::uint64_t value() const { return field<std::uint64_t>(offsetof(RecordHeader, value)); }
  const char* body() const { return at_ + sizeof(RecordHeader); }
  template <typename T>
  T info() const {
    return field<T>(sizeof(RecordHeader));
  }

  const char* at_;
};

class RecordReader {
 public:
  RecordReader() = default;
  RecordReader(const char* begin, const char* end) : at_(begin), end_(end) { measure(); }

  // Whether no whole record is left at the cursor.
  bool done() const { return length_ == 0; }
  // Whether the walk ended exactly at the stream's end (not in a truncated
  // record).
  bool complete() const { return done() && at_ == end_; }
  const char* position() const { return at_; }
  // Steps over the current record; not when done().
  void next() {
    at_ += length_;
    measure();
  }

  // The current record (not when done()), and its fields by kind.
  Record record() const { return Record(at_); }
  RecordKind kind() const { return record().kind(); }
  PutInlineRecord put_inline() const { return record().put_inline(); }
  PutStridedRecord put_strided() const { return record().put_strided(); }
  PutRemoteRecord put_remote() const { return record().put_remote(); }
  SendRecord send() const { return record().send(); }
  SendRunRecord send_run() const { return record().send_run(); }
  PushRecord push() const { return record().push(); }
  GetRequestRecord get_request() const { return record().get_request(); }
  ShareRequestRecord share_request() const { return record().share_request(); }
  PutSiteRecord put_site() const { return record().put_site(); }
  GetSiteRecord get_site() const { return record().get_site(); }
  StreamEndRecord stream_end() const { return record().stream_end(); }

 private:
  void measure() {
    auto left = static_cast<std::uint64_t>(end_ - at_);
    if (left < sizeof(RecordHeader))
      length_ = 0;
    else if (record().kind() == RecordKind::kPutStrided)
      length_ = strided_length(left);
    else if (record().kind() == RecordKind::kSendRun)
      length_ = send_run_length(left);
    else
      length_ = record().length();
    if (length_ > left) length_ = 0;
  }
  // A strided record's length is in its StridedInfo, which must be there to
  // be read, and its count must fit in what is left (no product that wraps).
  std::uint64_t strided_length(std::uint64_t left) const {
    constexpr std::uint64_t kFixed = sizeof(RecordHeader) + sizeof(StridedInfo);
    if (left < kFixed) return 0;
    PutStridedRecord put = record().put_strided();
    const std::uint64_t each = padded8(put.element);
    if (each == 0 || put.count > (left - kFixed) / each) return 0;
    return kFixed + put.count * each;
  }

  // Likewise a run of sends's: its SendRunInfo there, its messages within what is left.
  std::uint64_t send_run_length(std::uint64_t left) const {
    if (left < kSendRunHeaderBytes) return 0;
    SendRunRecord run = record().send_run();
    if (run.element == 0 || run.count > (left - kSendRunHeaderBytes) / run.element) return 0;
    return kSendRunHeaderBytes + run.count * run.element;
  }

  const char* at_ = nullptr;
  const char* end_ = nullptr;
  std::uint64_t length_ = 0;
};

// The record that seals the non-empty stream ending at `end` (every stream
// the outbox publishes ends with one), read without walking the stream.
inline StreamEndRecord read_stream_end(const char* end) {
  return Record(end - kStreamEndBytes).stream_end();
}

}  // namespace superstep
