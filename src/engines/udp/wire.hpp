// The udp engine's packets (Donaldson, Hill and Skillicorn (1999) §4): a fixed header, then at most
// the path MTU's worth of payload. Every packet carries the run's random key, so that packets of
// another run (or a stale one of an earlier run on the same port) are dropped; sequence numbers
// count per ordered pair of processes, whatever team the pair is in. A data packet names the round it
// belongs to by the team level and the round's number at that level.
#pragma once

#include <cstddef>
#include <cstdint>

namespace superstep::udp {

enum class PacketType : std::uint8_t {
  kData = 1,      // sequenced: a round's count packet (kFlagCount) or stream bytes
  kAck = 2,       // explicit acknowledgement: `ack` and `hole_end` say what arrived
  kProd = 3,      // "say what you have": answered with kAck; carries the prodder's ack too
  kAlive = 4,     // heartbeat from a process that computes or waits
  kBye = 5,       // after bsp_end: this process received everything it ever will
  kAbort = 6,     // the run is stopped; the sender printed why
  kAbortAck = 7,  // answer to kAbort
  kHello = 8,     // rendezvous: a process introduces itself to process 0
  kTable = 9,     // rendezvous: process 0's answer, every process's address
  kDied = 10,     // sent by a process that crashes, after it printed why
};

enum PacketFlag : std::uint8_t {
  kFlagCount = 1u << 0,  // kData: the count packet that opens a round
  kFlagEcho = 1u << 1,   // kAck: `stamp` is the prod's, for a round-trip time
  kFlagReply = 1u << 2,  // kBye: an answer, not to be answered
};

struct PacketHeader {
  std::uint64_t key;       // the run's key (0 in kHello, which does not know it yet)
  std::uint32_t src;       // sender's rank
  std::uint32_t seq;       // kData: sequence number on the channel src -> receiver
  std::uint32_t ack;       // piggybacked: every packet of the channel receiver -> src
                           // below this has arrived
  std::uint32_t hole_end;  // piggybacked: past the hole at `ack`, packets from here on
                           // have arrived too (0: no hole known)
  std::uint32_t round;     // kData: the collective round the bytes belong to, at `level`
  std::uint16_t length;    // payload bytes after the header
  PacketType type;
  std::uint8_t flags;
  std::uint32_t level;  // kData: 0, the machine's rounds; a team's, one more than where it split
  std::uint32_t stamp;  // sender's clock in microseconds, modulo 2^32 (kProd), or the echoed one
};
static_assert(sizeof(PacketHeader) == 40, "the header is part of the wire format");

// The most payload an unsequenced packet (kTable) carries.
inline constexpr std::size_t kControlPayloadMax = 1400;

// The payload of a round's count packet: what the sender sends the receiver
// in this round, its sync flags, its summary, and (when it fits) its whole row
// of counts, so that every process knows the round's global load.
struct CountPayload {
  std::uint64_t bytes;  // stream bytes that follow on this channel in this round
  std::uint32_t flags;  // the sender's sync flags, ORed by the round
  std::uint16_t summary_size;
  std::uint16_t row_size;  // entries of the row of counts after the summary (0 or P)
};

// kHello's payload and kTable's entries.
struct Address {
  std::uint32_t ip;    // network byte order
  std::uint16_t port;  // network byte order
  std::uint16_t unused;
  std::uint32_t rcvbuf;  // the receiver's socket buffer, bytes
};

// kTable's payload: entries [first, first + count) of the table of `size`.
struct TableChunk {
  std::uint32_t size;
  std::uint32_t first;
  std::uint32_t count;
  std::uint32_t maxprocs_unused;
};

}  // namespace superstep::udp
