#include "engines/udp/impair.hpp"

#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

namespace superstep::udp {

Impairment::Impairment() {
  const char* spec = std::getenv("BSP_UDP_IMPAIR");
  if (!spec || !*spec) return;
  std::string s = spec;
  for (std::size_t at = 0; at < s.size();) {
    std::size_t comma = s.find(',', at);
    std::string item = s.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    std::size_t eq = item.find('=');
    if (eq != std::string::npos) {
      double value = std::atof(item.c_str() + eq + 1);
      std::string name = item.substr(0, eq);
      if (name == "loss") loss_ = value;
      if (name == "dup") dup_ = value;
      if (name == "reorder") reorder_ = value;
    }
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  active_ = loss_ > 0 || dup_ > 0 || reorder_ > 0;
  state_ = static_cast<std::uint64_t>(getpid()) * 0x9e3779b97f4a7c15u + 1;
}

double Impairment::next() {
  // xorshift64*: a different sequence in every process, no shared state.
  state_ ^= state_ >> 12;
  state_ ^= state_ << 25;
  state_ ^= state_ >> 27;
  return static_cast<double>((state_ * 0x2545f4914f6cdd1du) >> 11) / 9007199254740992.0;
}

void Impairment::raw(int fd, const void* head, std::size_t head_size, const void* body,
                     std::size_t body_size, const sockaddr_in& to) {
  iovec parts[2] = {{const_cast<void*>(head), head_size}, {const_cast<void*>(body), body_size}};
  msghdr message{};
  message.msg_name = const_cast<sockaddr_in*>(&to);
  message.msg_namelen = sizeof to;
  message.msg_iov = parts;
  message.msg_iovlen = body_size ? 2 : 1;
  // A full socket buffer or an unreachable peer loses the packet like the
  // network would: retransmission and silence detection take care of it.
  while (sendmsg(fd, &message, 0) < 0 && errno == EINTR) {
  }
}

void Impairment::send(int fd, const void* head, std::size_t head_size, const void* body,
                      std::size_t body_size, const sockaddr_in& to) {
  if (!active_) return raw(fd, head, head_size, body, body_size, to);
  if (next() < loss_) return;
  if (held_.empty() && next() < reorder_) {
    auto* h = static_cast<const char*>(head);
    auto* b = static_cast<const char*>(body);
    held_.assign(h, h + head_size);
    held_.insert(held_.end(), b, b + body_size);
    held_to_ = to;
    return;
  }
  raw(fd, head, head_size, body, body_size, to);
  if (next() < dup_) raw(fd, head, head_size, body, body_size, to);
  if (!held_.empty()) {
    raw(fd, held_.data(), held_.size(), nullptr, 0, held_to_);
    held_.clear();
  }
}

}  // namespace superstep::udp
