// The records a process writes into its stream for one destination during a
// superstep, in issue order. At bsp_sync each destination reads the streams of
// all sources, in source-pid order, and applies them. All records are a
// multiple of 8 bytes long so that headers stay aligned.
//
// This file is the record format's one room: the layouts and record_length.
// messaging/record_writer is the one writer (messaging/outbox uses it) and
// messaging/record_reader the one reader (core/sync applying streams and
// answering get requests, core/message_queue walking the send records).
#pragma once

#include <cstddef>
#include <cstdint>

#include "superstep/detail/inline_paths.h"

namespace superstep {

enum class RecordKind : std::uint32_t {
  kPutInline = 1,  // header, then nbytes of payload (small puts are combined in the stream)
  kPutRemote = 2,  // header + RemoteSource: the destination reads the bytes from the source
  kSend = 3,       // header (aux = tag bytes, value = payload bytes), tag, payload (each padded)
  kPush = 4,       // header (value = this process's address) + PushInfo
  kGetRequest =
      5,  // header (value = address in the destination) + GetInfo: engines without remote reads
  kStreamEnd = 6,  // the last record of every non-empty stream: header + StreamTally
  // header alone (value = the area's address in the destination): large hp
  // transfers use the destination's registered area there; it may share its
  // pages (engines with SharedAreas)
  kShareRequest = 7,
  // header (aux = each element's bytes, value = the first element's
  // destination address) + StridedInfo, then count elements, each padded to
  // a multiple of 8 bytes: puts of one size at one distance from each other
  // (an array dealt out element by element, as an FFT's permutation does)
  kPutStrided = 8,
  // Check mode only (BSP_CHECK): header (aux = the file name's bytes, value =
  // the line), then the file name, padded: where the put records that follow
  // it, up to the next such record, were called, so that the destination can
  // name each put of an overlapping write. Written before the put's record.
  kPutSite = 9,
  // Check mode only (BSP_CHECK): header (aux = the file name's bytes, value =
  // the line) + GetSiteInfo, then the file name, padded: a bsp_hpget of the
  // destination's (its owner's) memory and where it was called, so that the
  // owner can say whether it changed those bytes during the superstep.
  // Written to the owner however the get is served.
  kGetSite = 10,
  // header (aux = tag bytes, value = payload bytes, each at most 16) + SendRunInfo, then count
  // messages of that shape, each its tag and its payload padded as in kSend but with no header
  // of its own: the sends of one shape in a row that the program's inline bsp_send writes
  // (superstep/detail/inline_paths.h), a message costing its bytes as a put does.
  kSendRun = 11,
};

struct RecordHeader {
  RecordKind kind;
  std::uint32_t aux;  // kPutInline: byte count; kSend: tag bytes; kPutRemote: its RemoteOrigin;
                      // kGetRequest: kAnswerAsBulk or 0; kPutSite, kGetSite: the file name's bytes
  std::uint64_t value;  // destination address (puts), payload bytes (send), address or id
                        // (registration), line (kPutSite, kGetSite)
};
static_assert(sizeof(RecordHeader) == 16);
// The program's inline bsp_send writes send records and its bsp_move reads
// them (superstep/detail/inline_paths.h): the same layout.
static_assert(static_cast<std::uint32_t>(RecordKind::kSend) == superstep_send_record_kind);
static_assert(sizeof(RecordHeader) == superstep_record_header_bytes);
static_assert(offsetof(RecordHeader, aux) == 4 && offsetof(RecordHeader, value) == 8);

// Where the bytes of a kPutRemote record are (the header's aux).
enum RemoteOrigin : std::uint32_t {
  kFromUserMemory = 0,     // the source buffer of a bsp_hpput, read at the sync
  kFromBulk = 1,           // an offset into the source's private bulk area, read remotely
  kFromSharedStaging = 2,  // an offset into the source's staging area, which everyone maps
};

// Follows a kPutRemote header; `address` is as its RemoteOrigin says.
// kFromSharedStaging: `ring_mapped` is how far the source has mapped its
// staging ring so far (util/cache_ring.hpp), so that each reader maps its view
// as far in the same superstep; 0 for the other origins.
struct RemoteSource {
  std::uint64_t nbytes;
  std::uint64_t address;
  std::uint64_t ring_mapped;
};

// Follows a kPutStrided header: element k goes to value + k * stride.
struct StridedInfo {
  std::uint64_t stride;
  std::uint64_t count;
};

// Follows a kSendRun header.
struct SendRunInfo {
  std::uint64_t count;
};
constexpr std::uint64_t kSendRunHeaderBytes = 16 + sizeof(SendRunInfo);

// Follows a kPush header.
struct PushInfo {
  std::uint64_t size;
  std::uint64_t id;
};

// Follows a kGetRequest header.
struct GetInfo {
  std::uint64_t nbytes;
};
// Follows a kGetSite header: the bytes the hpget reads, in the owner.
struct GetSiteInfo {
  std::uint64_t address;
  std::uint64_t nbytes;
};

// A kGetRequest's aux: the owner answers with a bulk message of its own
// (BulkMessages) instead of in the reply round.
constexpr std::uint32_t kAnswerAsBulk = 1;

// Follows the kStreamEnd header (aux = kOnlySends when every other record of
// the stream is a send, value = the number of sends): what the destination
// would otherwise count by walking every record, so that a stream of sends
// alone joins the queue without being walked.
struct StreamTally {
  std::uint64_t payload_bytes;  // of the sends
  std::uint64_t get_requests;
};
constexpr std::uint32_t kOnlySends = 1;
constexpr std::uint64_t kStreamEndBytes = 16 + sizeof(StreamTally);

constexpr std::uint64_t padded8(std::uint64_t n) { return (n + 7) & ~std::uint64_t{7}; }

// The length of the record that starts at `h`, header included.
inline std::uint64_t record_length(const RecordHeader* h) {
  switch (h->kind) {
    case RecordKind::kPutInline:
      return sizeof(RecordHeader) + padded8(h->aux);
    case RecordKind::kPutRemote:
      return sizeof(RecordHeader) + sizeof(RemoteSource);
    case RecordKind::kSend:
      return sizeof(RecordHeader) + padded8(h->aux) + padded8(h->value);
    case RecordKind::kPush:
      return sizeof(RecordHeader) + sizeof(PushInfo);
    case RecordKind::kGetRequest:
      return sizeof(RecordHeader) + sizeof(GetInfo);
    case RecordKind::kStreamEnd:
      return kStreamEndBytes;
    case RecordKind::kShareRequest:
      return sizeof(RecordHeader);
    case RecordKind::kPutStrided:  // and its elements: Record::length() reads their count
      return sizeof(RecordHeader) + sizeof(StridedInfo);
    case RecordKind::kPutSite:
      return sizeof(RecordHeader) + padded8(h->aux);
    case RecordKind::kGetSite:
      return sizeof(RecordHeader) + sizeof(GetSiteInfo) + padded8(h->aux);
    case RecordKind::kSendRun:  // and its messages: Record::length() reads their count
      return kSendRunHeaderBytes;
  }
  return sizeof(RecordHeader);
}

}  // namespace superstep
