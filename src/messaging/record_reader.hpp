// Reading records (messaging/records.hpp): the one place that decodes them.
// A RecordReader walks one stream from its first record to its last, and
// hands out each record decoded by kind. It never reads past the stream's end:
// bytes at the end that hold no whole record (a truncated stream) end the
// walk, and complete() then says so. Everything that
// decodes records (core/sync, core/message_queue, the unit tests) goes through
// here.
#pragma once

#include <cstdint>
#include <cstring>

#include "messaging/records.hpp"

namespace superstep {

struct PutInlineRecord {
  std::uint64_t dst_address;
  const char* data;
  std::uint32_t nbytes;
};
struct PutRemoteRecord {
  std::uint64_t dst_address;
  RemoteOrigin origin;
  std::uint64_t nbytes;
  std::uint64_t address;  // as the origin says
};
struct SendRecord {
  const char* tag;
  std::uint32_t tag_bytes;
  const char* payload;  // 8-byte aligned when the stream is
  std::uint64_t payload_bytes;
};
struct PushRecord {
  std::uint64_t address;  // in the sender
  std::uint64_t size;
  std::uint64_t id;
};
struct GetRequestRecord {
  std::uint64_t address;  // in the owner, who reads it
  std::uint64_t nbytes;
};
// The record that seals a non-empty stream, and what it says of the others.
struct StreamEndRecord {
  const char* records_end;  // where the other records end: this record's start
  bool only_sends;          // every other record is a send
  std::uint64_t sends;
  std::uint64_t send_payload_bytes;
  std::uint64_t get_requests;
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

  // The current record's kind, and the record decoded: the accessor must
  // match the kind.
  RecordKind kind() const { return header().kind; }
  PutInlineRecord put_inline() const {
    RecordHeader h = header();
    return {h.value, body(), h.aux};
  }
  PutRemoteRecord put_remote() const {
    RecordHeader h = header();
    RemoteSource rs = info<RemoteSource>();
    return {h.value, static_cast<RemoteOrigin>(h.aux), rs.nbytes, rs.address};
  }
  SendRecord send() const {
    RecordHeader h = header();
    return {body(), h.aux, body() + padded8(h.aux), h.value};
  }
  PushRecord push() const {
    RecordHeader h = header();
    PushInfo p = info<PushInfo>();
    return {h.value, p.size, p.id};
  }
  GetRequestRecord get_request() const {
    RecordHeader h = header();
    return {h.value, info<GetInfo>().nbytes};
  }
  StreamEndRecord stream_end() const {
    RecordHeader h = header();
    StreamTally t = info<StreamTally>();
    return {at_, h.aux == kOnlySends, h.value, t.payload_bytes, t.get_requests};
  }

 private:
  RecordHeader header() const {
    RecordHeader h;
    std::memcpy(&h, at_, sizeof h);
    return h;
  }
  const char* body() const { return at_ + sizeof(RecordHeader); }
  template <typename T>
  T info() const {
    T value;
    std::memcpy(&value, body(), sizeof value);
    return value;
  }
  void measure() {
    auto left = static_cast<std::uint64_t>(end_ - at_);
    if (left < sizeof(RecordHeader)) {
      length_ = 0;
      return;
    }
    RecordHeader h = header();
    if (h.kind == RecordKind::kSend) [[likely]]  // draining the queue visits sends in a row
      length_ = sizeof(RecordHeader) + padded8(h.aux) + padded8(h.value);
    else
      length_ = record_length(&h);
    if (length_ > left) length_ = 0;
  }

  const char* at_ = nullptr;
  const char* end_ = nullptr;
  std::uint64_t length_ = 0;
};

// The record that seals the non-empty stream ending at `end` (every stream
// the outbox publishes ends with one), read without walking the stream.
inline StreamEndRecord read_stream_end(const char* end) {
  return RecordReader(end - kStreamEndBytes, end).stream_end();
}

}  // namespace superstep
