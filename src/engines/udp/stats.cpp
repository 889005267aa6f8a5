#include "engines/udp/stats.hpp"

#include <cstdio>

namespace superstep::udp {

void print_stats(int rank, const Stats& s) {
  auto n = [](std::uint64_t v) { return static_cast<unsigned long long>(v); };
  std::fprintf(stderr,
               "superstep udp: process %d: sent %llu received %llu explicit-acks %llu "
               "implicit-acks %llu drops %llu duplicates %llu retransmissions %llu prods %llu "
               "batches %llu\n",
               rank, n(s.sent), n(s.received), n(s.explicit_acks), n(s.implicit_acks), n(s.drops),
               n(s.duplicates), n(s.retransmissions), n(s.prods), n(s.batches));
}

}  // namespace superstep::udp
