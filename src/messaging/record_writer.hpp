// Writing records (messaging/records.hpp): the one place that lays them out.
// The caller reserves the record's length (the *_bytes constants and
// functions) at the end of a stream and passes where it starts; the writer
// fills it in. Everything that encodes records (messaging/outbox, the unit
// tests) goes through here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "util/byte_buffer.hpp"
#include "messaging/records.hpp"

namespace superstep::record_writer {

constexpr std::uint64_t put_inline_bytes(std::uint64_t nbytes) {
  return sizeof(RecordHeader) + padded8(nbytes);
}
constexpr std::uint64_t kPutRemoteBytes = sizeof(RecordHeader) + sizeof(RemoteSource);
constexpr std::uint64_t kGetRequestBytes = sizeof(RecordHeader) + sizeof(GetInfo);
constexpr std::uint64_t kPushBytes = sizeof(RecordHeader) + sizeof(PushInfo);
constexpr std::uint64_t kShareRequestBytes = sizeof(RecordHeader);
constexpr std::uint64_t send_bytes(std::uint64_t tag_bytes, std::uint64_t payload_bytes) {
  return sizeof(RecordHeader) + padded8(tag_bytes) + padded8(payload_bytes);
}
constexpr std::uint64_t put_site_bytes(std::uint32_t file_bytes) {
  return sizeof(RecordHeader) + padded8(file_bytes);
}
constexpr std::uint64_t get_site_bytes(std::uint32_t file_bytes) {
  return sizeof(RecordHeader) + sizeof(GetSiteInfo) + padded8(file_bytes);
}
// kStreamEndBytes (records.hpp) for the record that seals a stream.

namespace detail {
template <typename T>
void store(char* at, const T& value) {
  std::memcpy(at, &value, sizeof(T));
}
}  // namespace detail

// A put whose nbytes travel in the stream: writes the header and returns
// where the payload goes (the caller copies it; the padding stays unwritten).
inline char* put_inline(char* at, std::uint64_t dst_address, std::uint32_t nbytes) {
  detail::store(at, RecordHeader{RecordKind::kPutInline, nbytes, dst_address});
  return at + sizeof(RecordHeader);
}

// Grows the kPutInline record at `record` to nbytes in all (the caller
// appends the new payload at the stream's end, which must be where the
// record's payload ends: only a record whose bytes fill whole words can grow).
inline void set_put_inline_bytes(char* record, std::uint32_t nbytes) {
  detail::store(record + offsetof(RecordHeader, aux), nbytes);
}

constexpr std::uint64_t kPutStridedBytes = sizeof(RecordHeader) + sizeof(StridedInfo);

// Turns the kPutInline record at `record`, which holds one element of
// `element` bytes and ends the stream, into a kPutStrided record of that
// element and the next, `stride` bytes after it, from `src`. The caller
// reserved kPutStridedBytes - sizeof(RecordHeader) + padded8(element) more
// bytes after it (strided_bytes_added).
constexpr std::uint64_t strided_bytes_added(std::uint32_t element) {
  return sizeof(StridedInfo) + padded8(element);
}
inline void put_strided_from_inline(char* record, std::uint64_t stride, std::uint32_t element,
                                    const void* src) {
  char* first = record + sizeof(RecordHeader);
  std::memmove(first + sizeof(StridedInfo), first, element);
  detail::store(record + offsetof(RecordHeader, kind), RecordKind::kPutStrided);
  detail::store(first, StridedInfo{stride, 2});
  copy_bytes(first + sizeof(StridedInfo) + padded8(element), src, element);
}
// Sets how many elements the kPutStrided record at `record` holds.
inline void set_put_strided_count(char* record, std::uint64_t count) {
  detail::store(record + sizeof(RecordHeader) + offsetof(StridedInfo, count), count);
}

// A put whose bytes the destination reads from where `origin` says.
inline void put_remote(char* at, RemoteOrigin origin, std::uint64_t dst_address,
                       std::uint64_t nbytes, std::uint64_t address, std::uint64_t ring_mapped = 0) {
  detail::store(at, RecordHeader{RecordKind::kPutRemote, origin, dst_address});
  detail::store(at + sizeof(RecordHeader), RemoteSource{nbytes, address, ring_mapped});
}

// Sets the byte count of the kPutRemote record at `record` (a staged put
// that a run of puts grows: Outbox::continue_run_in_staging).
inline void set_put_remote_bytes(char* record, std::uint64_t nbytes) {
  detail::store(record + sizeof(RecordHeader) + offsetof(RemoteSource, nbytes), nbytes);
}

// A get's request to the owner of its source (answered in a reply round).
inline void get_request(char* at, std::uint64_t address, std::uint64_t nbytes, bool as_bulk) {
  detail::store(at, RecordHeader{RecordKind::kGetRequest, as_bulk ? kAnswerAsBulk : 0, address});
  detail::store(at + sizeof(RecordHeader), GetInfo{nbytes});
}

// A BSMP message. The tag is padded so that the payload starts 8-byte aligned:
// bsp_hpmove hands out a pointer into the stream, and programs cast it to
// their type.
inline void send(char* at, const void* tag, std::uint32_t tag_bytes, const void* payload,
                 std::uint64_t payload_bytes) {
  detail::store(at, RecordHeader{RecordKind::kSend, tag_bytes, payload_bytes});
  if (tag_bytes) copy_bytes(at + sizeof(RecordHeader), tag, tag_bytes);
  if (payload_bytes)
    copy_bytes(at + sizeof(RecordHeader) + padded8(tag_bytes), payload, payload_bytes);
}

// The header of a run of sends of one shape, whose messages follow with no header each
// (count set once they are written: set_send_run_count).
inline void send_run(char* at, std::uint32_t tag_bytes, std::uint32_t payload_bytes) {
  detail::store(at, RecordHeader{RecordKind::kSendRun, tag_bytes, payload_bytes});
  detail::store(at + sizeof(RecordHeader), SendRunInfo{0});
}
inline void set_send_run_count(char* at, std::uint64_t count) {
  detail::store(at + sizeof(RecordHeader), SendRunInfo{count});
}
// The bytes of one message in a run of that shape.
constexpr std::uint64_t send_run_element_bytes(std::uint32_t tag_bytes,
                                               std::uint32_t payload_bytes) {
  return padded8(tag_bytes) + padded8(payload_bytes);
}

// A registration: the sender's address of the area, its size and slot id.
inline void push(char* at, std::uint64_t address, std::uint64_t size, std::uint64_t id) {
  detail::store(at, RecordHeader{RecordKind::kPush, 0, address});
  detail::store(at + sizeof(RecordHeader), PushInfo{size, id});
}

// Asks the destination to share the pages of its registered area at
// `address` (its own address of the area).
inline void share_request(char* at, std::uint64_t address) {
  detail::store(at, RecordHeader{RecordKind::kShareRequest, 0, address});
}

// Check mode: where the put records that follow were called (file_bytes of
// `file`, no terminating zero; 0 where the file is not known).
inline void put_site(char* at, const char* file, std::uint32_t file_bytes, std::int64_t line) {
  detail::store(at, RecordHeader{RecordKind::kPutSite, file_bytes,
                                 static_cast<std::uint64_t>(line)});
  if (file_bytes) copy_bytes(at + sizeof(RecordHeader), file, file_bytes);
}

// Check mode: an hpget of the destination's bytes address..+nbytes, called at
// file:line (file_bytes of `file`, no terminating zero; 0 where not known).
inline void get_site(char* at, std::uint64_t address, std::uint64_t nbytes, const char* file,
                     std::uint32_t file_bytes, std::int64_t line) {
  detail::store(at,
                RecordHeader{RecordKind::kGetSite, file_bytes, static_cast<std::uint64_t>(line)});
  detail::store(at + sizeof(RecordHeader), GetSiteInfo{address, nbytes});
  if (file_bytes) copy_bytes(at + sizeof(RecordHeader) + sizeof(GetSiteInfo), file, file_bytes);
}

// The record that seals a non-empty stream: what it holds, so that the
// destination need not walk it to count (only_sends: every other record is a
// send).
inline void stream_end(char* at, bool only_sends, std::uint64_t sends,
                       std::uint64_t send_payload_bytes, std::uint64_t get_requests) {
  detail::store(at, RecordHeader{RecordKind::kStreamEnd, only_sends ? kOnlySends : 0, sends});
  detail::store(at + sizeof(RecordHeader), StreamTally{send_payload_bytes, get_requests});
}

}  // namespace superstep::record_writer
