// The udp engine's counters, after Table 5 of Donaldson, Hill and Skillicorn (1999), printed at
// bsp_end with BSP_UDP_STATS=1 (one line per process, on stderr).
#pragma once

#include <cstdint>

namespace superstep::udp {

struct Stats {
  std::uint64_t sent = 0;             // data packets sent the first time
  std::uint64_t received = 0;         // data packets received (first copies)
  std::uint64_t explicit_acks = 0;    // kAck packets sent
  std::uint64_t implicit_acks = 0;    // packets released by an ack piggybacked on data
  std::uint64_t drops = 0;            // packets dropped: foreign key, past the window, malformed
  std::uint64_t duplicates = 0;       // data packets that had arrived already (stale)
  std::uint64_t retransmissions = 0;  // data packets sent again
  std::uint64_t prods = 0;            // kProd packets sent
  std::uint64_t batches = 0;          // segmented sends of several data packets (UDP_SEGMENT)
};

void print_stats(int rank, const Stats& s);

}  // namespace superstep::udp
