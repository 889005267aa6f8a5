// A test aid: BSP_UDP_IMPAIR="loss=0.1,dup=0.01,reorder=0.05" makes this
// process's own sends lose, duplicate and reorder packets with those
// probabilities, so that retransmission, duplicate detection and the receive
// window are exercised where tc netem is not available (tests/udp). Unset,
// every packet goes straight to the socket.
#pragma once

#include <netinet/in.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace superstep::udp {

class Impairment {
 public:
  Impairment();
  // Sends (or loses, duplicates, holds back) one datagram: head, then body
  // (body_size may be 0), gathered by the kernel.
  void send(int fd, const void* head, std::size_t head_size, const void* body,
            std::size_t body_size, const sockaddr_in& to);

  // Whether BSP_UDP_IMPAIR asks for anything.
  bool active() const { return active_; }

 private:
  double next();  // uniform in [0, 1)
  void raw(int fd, const void* head, std::size_t head_size, const void* body, std::size_t body_size,
           const sockaddr_in& to);

  bool active_ = false;
  double loss_ = 0, dup_ = 0, reorder_ = 0;
  std::uint64_t state_ = 0;
  std::vector<char> held_;  // a packet held back, sent after the next one
  sockaddr_in held_to_{};
};

}  // namespace superstep::udp
