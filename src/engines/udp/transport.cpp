// Packets in and out: the socket, piggybacked acknowledgements, the receive window and selective
// retransmission (Donaldson, Hill and Skillicorn (1999) §4).
#include "engines/udp/transport.hpp"

#include <arpa/inet.h>
#include <netinet/udp.h>
#include <poll.h>
#include <sched.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "util/block_copy.hpp"
#include "util/processors.hpp"

namespace superstep::udp {

namespace {
// Out-of-order packets a receiver keeps per sender; later ones are dropped
// and sent again when the receiver prods.
constexpr std::uint32_t kMaxHeld = 4096;

// Sends the gathered parts as one datagram that the kernel cuts into
// datagrams of `segment` bytes (UDP_SEGMENT); false where it refuses that.
bool send_segmented(int fd, iovec* parts, std::size_t nparts, std::size_t segment,
                    const sockaddr_in& to) {
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(std::uint16_t))] = {};
  msghdr message{};
  message.msg_name = const_cast<sockaddr_in*>(&to);
  message.msg_namelen = sizeof to;
  message.msg_iov = parts;
  message.msg_iovlen = nparts;
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  cmsghdr* c = CMSG_FIRSTHDR(&message);
  c->cmsg_level = SOL_UDP;
  c->cmsg_type = UDP_SEGMENT;
  c->cmsg_len = CMSG_LEN(sizeof(std::uint16_t));
  const auto size = static_cast<std::uint16_t>(segment);
  std::memcpy(CMSG_DATA(c), &size, sizeof size);
  while (sendmsg(fd, &message, 0) < 0) {
    if (errno == EINTR) continue;
    // A full buffer loses the packets like the network would; these say the
    // kernel or the device cannot segment.
    return errno != EINVAL && errno != EIO && errno != EOPNOTSUPP && errno != ENOPROTOOPT;
  }
  return true;
}

std::uint64_t now_us() {
  return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now().time_since_epoch())
      .count();
}
}  // namespace

void Arrivals::reset(int n) {
  data.resize(n);
  size.assign(n, 0);
  summary.resize(n);
  for (auto& s : summary) s.clear();
}

std::uint32_t Transport::contiguous(const Peer& p) const {
  std::uint32_t c = p.expected;
  for (auto it = p.held.lower_bound(c); it != p.held.end() && it->first == c; ++it) ++c;
  return c;
}

std::uint32_t Transport::hole_end(const Peer& p) const {
  auto it = p.held.upper_bound(contiguous(p));
  return it == p.held.end() ? 0 : it->first;
}

void Transport::send_packet(int to, PacketType type, std::uint8_t flags, const void* payload,
                            std::size_t length, std::uint32_t stamp) {
  Peer& p = peers_[to];
  if (length > kControlPayloadMax) length = 0;  // not reached: the table's chunks fit
  PacketHeader h{};
  h.key = key_;
  h.src = static_cast<std::uint32_t>(rank_);
  h.ack = contiguous(p);
  h.hole_end = hole_end(p);
  h.length = static_cast<std::uint16_t>(length);
  h.type = type;
  h.flags = flags;
  h.stamp = stamp;
  p.since_ack = 0;
  char packet[sizeof h + kControlPayloadMax];
  std::memcpy(packet, &h, sizeof h);
  if (length) std::memcpy(packet + sizeof h, payload, length);
  impair_.send(fd_, packet, sizeof h + length, nullptr, 0, p.address);
}

void Transport::send_data(int to, std::uint8_t flags, const void* a, std::size_t na, const void* b,
                          std::size_t nb, bool borrow, bool defer) {
  Peer& p = peers_[to];
  Sent s;
  if (borrow) {
    s.borrowed = static_cast<const char*>(a);
    s.borrowed_size = na;
  }
  s.packet.resize(sizeof(PacketHeader) + (borrow ? 0 : na + nb));
  PacketHeader h{};
  h.key = key_;
  h.src = static_cast<std::uint32_t>(rank_);
  h.seq = p.next_seq++;
  h.round = round_;
  h.level = level_;
  h.length = static_cast<std::uint16_t>(na + nb);
  h.type = PacketType::kData;
  h.flags = flags;
  std::memcpy(s.packet.data(), &h, sizeof h);
  if (na && !borrow) std::memcpy(s.packet.data() + sizeof h, a, na);
  if (nb) std::memcpy(s.packet.data() + sizeof h + na, b, nb);
  p.unacked.push_back(std::move(s));
  ++stats_.sent;
  if (!defer) transmit(to, p.unacked.back());
}

void Transport::transmit_last(int to, std::size_t count) {
  Peer& p = peers_[to];
  const std::size_t first = p.unacked.size() - count;
  for (std::size_t at = first; at < p.unacked.size();) {
    std::size_t n = std::min(gso_segments_, p.unacked.size() - at);
    if (n == 1) {
      transmit(to, p.unacked[at++]);
      continue;
    }
    // header, payload, header, payload, ...: cut by the kernel every
    // header + payload_max_ bytes (only the last packet may be shorter).
    iovec parts[2 * kMaxSegments];
    const auto now = Clock::now();
    for (std::size_t i = 0; i < n; ++i) {
      Sent& s = p.unacked[at + i];
      auto* h = reinterpret_cast<PacketHeader*>(s.packet.data());
      h->ack = contiguous(p);
      h->hole_end = hole_end(p);
      s.last_sent = now;
      parts[2 * i] = {s.packet.data(), s.packet.size()};
      parts[2 * i + 1] = {const_cast<char*>(s.borrowed), s.borrowed_size};
    }
    p.since_ack = 0;
    if (!send_segmented(fd_, parts, 2 * n, sizeof(PacketHeader) + payload_max_, p.address)) {
      gso_segments_ = 1;  // refused here: one by one from now on
      continue;
    }
    ++stats_.batches;
    at += n;
  }
}

// (Re)sends a stored data packet with fresh piggybacked acknowledgements.
void Transport::transmit(int to, Sent& s) {
  Peer& p = peers_[to];
  auto* h = reinterpret_cast<PacketHeader*>(s.packet.data());
  h->ack = contiguous(p);
  h->hole_end = hole_end(p);
  p.since_ack = 0;
  s.last_sent = Clock::now();
  impair_.send(fd_, s.packet.data(), s.packet.size(), s.borrowed, s.borrowed_size, p.address);
}

void Transport::send_ack(int to, std::uint64_t echo, bool echoed) {
  ++stats_.explicit_acks;
  send_packet(to, PacketType::kAck, echoed ? kFlagEcho : 0, nullptr, 0, echo);
}

// The peer has every packet below `ack`: forget them.
void Transport::release(int from, std::uint32_t ack, bool implicit) {
  Peer& p = peers_[from];
  while (!p.unacked.empty()) {
    auto* h = reinterpret_cast<const PacketHeader*>(p.unacked.front().packet.data());
    if (static_cast<std::int32_t>(h->seq - ack) >= 0) break;
    p.unacked.pop_front();
    if (implicit) ++stats_.implicit_acks;
  }
}

// The peer says it lacks [ack, hole) (hole 0: everything from ack on): send
// those packets again, each at most once per round-trip time.
void Transport::resend_hole(int to, std::uint32_t ack, std::uint32_t hole) {
  Peer& p = peers_[to];
  auto now = Clock::now();
  std::uint32_t burst = std::max<std::uint32_t>(p.window, 4);
  for (Sent& s : p.unacked) {
    auto* h = reinterpret_cast<const PacketHeader*>(s.packet.data());
    if (static_cast<std::int32_t>(h->seq - ack) < 0) continue;
    if (hole && static_cast<std::int32_t>(h->seq - hole) >= 0) break;
    if (burst-- == 0) break;
    if (now - s.last_sent < srtt_) continue;
    ++stats_.retransmissions;
    transmit(to, s);
  }
}

void Transport::receive(int wait_ms) {
  if (wait_ms > 0 && spin_.count() > 0) {
    // Waking a process asleep in poll costs more than a superstep's packets
    // take to come (tens of microseconds in a virtual machine). Sharing a
    // processor, it yields between looks, so that the process it waits for
    // may run.
    const auto until = Clock::now() + spin_;
    do {
      if (receive_waiting()) return;
      if (yield_) sched_yield();
    } while (Clock::now() < until);
  }
  pollfd pfd{fd_, POLLIN, 0};
  if (poll(&pfd, 1, wait_ms) <= 0) return;
  receive_waiting();
}

bool Transport::receive_waiting() {
  // Bounded: a flood of packets cannot keep this loop from the timers.
  for (int n = 0; n < 4096; ++n) {
    sockaddr_in from{};
    iovec part{buffer_.data(), buffer_.size()};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))];
    msghdr message{};
    message.msg_name = &from;
    message.msg_namelen = sizeof from;
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    ssize_t got = recvmsg(fd_, &message, MSG_DONTWAIT);
    if (got < 0) {
      if (errno == EINTR) continue;
      return n > 0;
    }
    std::size_t segment = 0;  // the datagrams' size where the kernel coalesced several
    for (cmsghdr* c = CMSG_FIRSTHDR(&message); c; c = CMSG_NXTHDR(&message, c)) {
      if (c->cmsg_level != SOL_UDP || c->cmsg_type != UDP_GRO) continue;
      int size = 0;
      std::memcpy(&size, CMSG_DATA(c), sizeof size);
      segment = static_cast<std::size_t>(std::max(size, 0));
    }
    handle_received(buffer_.data(), static_cast<std::size_t>(got), segment, from);
  }
  return true;
}

void Transport::handle_received(const char* data, std::size_t n, std::size_t segment,
                                const sockaddr_in& from) {
  if (segment == 0 || segment >= n) return handle(data, n, from);
  for (std::size_t at = 0; at < n; at += segment)
    handle(data + at, std::min(segment, n - at), from);
}

void Transport::choose_segmentation() {
  if (impair_.active() || segments_per_send(payload_max_) < 2) return;
  int one = 1;
  // Where the kernel has none, both are refused and packets go one by one.
  if (setsockopt(fd_, SOL_UDP, UDP_SEGMENT, &one, sizeof one) != 0) return;
  int segment = 0;  // a socket-wide default would cut every send: keep none
  setsockopt(fd_, SOL_UDP, UDP_SEGMENT, &segment, sizeof segment);
  setsockopt(fd_, SOL_UDP, UDP_GRO, &one, sizeof one);
  gso_segments_ = segments_per_send(payload_max_);
}

void Transport::choose_spin() {
  int here = 0;
  for (const Address& a : table_) here += a.ip == table_[rank_].ip;
  const int processors = available_processors();
  if (size_ > 1) spin_ = std::chrono::microseconds(50);
  yield_ = here > processors;
}

void Transport::handle(const char* packet, std::size_t n, const sockaddr_in& from) {
  PacketHeader h;
  if (n < sizeof h) {
    ++stats_.drops;
    return;
  }
  std::memcpy(&h, packet, sizeof h);
  if (h.type == PacketType::kHello && rank_ == 0) {
    // A process that missed the table asks again.
    answer_hello(packet, n, from);
    return;
  }
  if (h.key != key_ || h.src >= static_cast<std::uint32_t>(size_) ||
      static_cast<int>(h.src) == rank_ || sizeof h + h.length != n) {
    ++stats_.drops;
    return;
  }
  const int q = static_cast<int>(h.src);
  Peer& p = peers_[q];
  p.last_heard = Clock::now();
  if (h.type != PacketType::kAlive) p.last_news = p.last_heard;
  switch (h.type) {
    case PacketType::kData:
      p.last_data = p.last_heard;
      handle_data(q, h, packet, n);
      return;
    case PacketType::kAck:
      release(q, h.ack, false);
      if (h.flags & kFlagEcho) {
        auto rtt = std::chrono::microseconds(static_cast<std::uint32_t>(now_us()) - h.stamp);
        srtt_ = (srtt_ * 7 + rtt) / 8;
      }
      resend_hole(q, h.ack, h.hole_end);
      return;
    case PacketType::kProd:
      release(q, h.ack, false);
      resend_hole(q, h.ack, h.hole_end);
      send_ack(q, h.stamp, true);
      return;
    case PacketType::kAlive:
      return;
    case PacketType::kBye:
      p.bye = true;
      release(q, h.ack, false);
      // Only a process that is done itself may answer with its own bye.
      if (finished_ && !(h.flags & kFlagReply))
        send_packet(q, PacketType::kBye, kFlagReply, nullptr, 0);
      return;
    case PacketType::kAbortAck:
      p.bye = true;  // abort_run counts these
      return;
    case PacketType::kAbort:
      send_packet(q, PacketType::kAbortAck, 0, nullptr, 0);
      stopped_by_peer();
    case PacketType::kDied:
      stopped_by_peer();
    case PacketType::kHello:
    case PacketType::kTable:
      return;  // late rendezvous traffic
  }
  ++stats_.drops;
}

void Transport::handle_data(int q, const PacketHeader& h, const char* packet, std::size_t n) {
  Peer& p = peers_[q];
  release(q, h.ack, true);
  std::int32_t ahead = static_cast<std::int32_t>(h.seq - p.expected);
  if (ahead < 0 || p.held.count(h.seq)) {
    // Our acknowledgement was lost or late: say again what we have.
    ++stats_.duplicates;
    send_ack(q, 0, false);
    return;
  }
  if (static_cast<std::uint32_t>(ahead) >= kMaxHeld) {
    ++stats_.drops;
    return;
  }
  ++stats_.received;
  if (ahead == 0 && of_this_round(q, h)) {
    // The next in order, of this round: straight from the receive buffer.
    consume(q, h, packet + sizeof h);
    ++p.expected;
  } else {
    p.held.emplace(h.seq, std::vector<char>(packet, packet + n));
  }
  deliver(q);
  // Free buffers run low at the sender's end: tell it what arrived.
  if (++p.since_ack >= std::max<std::uint32_t>(p.window / 2, 1)) send_ack(q, 0, false);
}

// Hands the packets that are next in order to the current round; stops at a
// packet of a later round (its sender is a round ahead, or in a team this
// round is not of) until that round.
void Transport::deliver(int from) {
  Peer& p = peers_[from];
  while (in_round_) {
    auto it = p.held.find(p.expected);
    if (it == p.held.end()) return;
    const char* packet = it->second.data();
    PacketHeader h;
    std::memcpy(&h, packet, sizeof h);
    if (!of_this_round(from, h)) return;
    consume(from, h, packet + sizeof h);
    p.held.erase(it);
    ++p.expected;
  }
}

void Transport::consume(int from, const PacketHeader& h, const char* payload) {
  Peer& p = peers_[from];
  const int pid = group_->pid_of[from];
  const int members = group_->size();
  if (h.flags & kFlagCount) {
    CountPayload c;
    std::memcpy(&c, payload, sizeof c);
    p.counted = true;
    p.expect_bytes = c.bytes;
    p.got_bytes = 0;
    flags_all_ |= c.flags;
    into_->summary[pid].assign(payload + sizeof c, payload + sizeof c + c.summary_size);
    if (c.row_size == static_cast<std::uint16_t>(members)) {
      std::memcpy(&matrix_[static_cast<std::size_t>(pid) * members],
                  payload + sizeof c + c.summary_size, sizeof(std::uint64_t) * members);
    } else {
      matrix_complete_ = false;
    }
    into_->size[pid] = c.bytes;
    if (into_->data[pid].size() < c.bytes) into_->data[pid].resize(c.bytes);
  } else {
    std::uint64_t n = std::min<std::uint64_t>(h.length, p.expect_bytes - p.got_bytes);
    copy_block(into_->data[pid].data() + p.got_bytes, payload, n);
    p.got_bytes += n;
  }
}

}  // namespace superstep::udp
