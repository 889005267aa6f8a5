// Start-up: every process meets process 0 at the rendezvous address and gets
// back the run's random key and every process's address.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "engines/common/crash_report.hpp"
#include "engines/udp/packet_size.hpp"
#include "engines/udp/transport.hpp"

namespace superstep::udp {

namespace {

// Socket buffers asked for; the kernel grants what its limits allow.
constexpr int kSocketBuffer = 4 << 20;

[[noreturn]] void startup_failure(const char* what, const std::string& detail) {
  std::fprintf(stderr, "superstep: error in bsp_begin: the udp engine cannot start: %s (%s)\n",
               what, detail.c_str());
  std::exit(1);
}

struct Hello {
  std::uint32_t size;
  std::uint32_t rank;
  Address self;
};

sockaddr_in resolve(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_DGRAM;
  addrinfo* found = nullptr;
  int rc = getaddrinfo(host.c_str(), nullptr, &hints, &found);
  if (rc != 0 || !found) startup_failure("cannot resolve the rendezvous host", host);
  sockaddr_in a{};
  std::memcpy(&a, found->ai_addr, sizeof a);
  freeaddrinfo(found);
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  return a;
}

// Whether fd is a UDP socket bound to `port` (what bsprun hands process 0);
// anything else, say a number left in the environment of a program that the
// program started, is not used.
bool bound_to(int fd, int port) {
  int type = 0;
  socklen_t type_len = sizeof type;
  sockaddr_in a{};
  socklen_t len = sizeof a;
  return fd >= 0 && getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &type_len) == 0 &&
         type == SOCK_DGRAM && getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0 &&
         a.sin_family == AF_INET && ntohs(a.sin_port) == port;
}
}  // namespace

void Transport::open_socket(int port, int inherited) {
  if (bound_to(inherited, port)) {
    fd_ = inherited;
    fcntl(fd_, F_SETFD, FD_CLOEXEC);  // the program's own children do not get it
  } else {
    fd_ = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  }
  if (fd_ < 0) startup_failure("cannot create a UDP socket", std::strerror(errno));
  int size = kSocketBuffer;
  setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
  setsockopt(fd_, SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
  int granted = 0;
  socklen_t len = sizeof granted;
  getsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &granted, &len);
  rcvbuf_ = static_cast<std::uint32_t>(granted / 2);  // Linux reports twice what it holds
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_ANY);
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  if (fd_ != inherited && bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0)
    startup_failure("cannot bind the UDP socket",
                    "port " + std::to_string(port) + ": " + std::strerror(errno));
}

Transport::Transport(const Job& job)
    : rank_(job.rank),
      size_(job.size),
      key_from_launcher_(job.key != 0),
      timeout_s_(job.timeout_s),
      pid_order_(job.pid_order) {
  peers_.resize(size_);
  open_socket(rank_ == 0 ? job.port : 0, job.socket_fd);
  buffer_.resize(1 << 16);
  if (size_ > 1) rendezvous(job);
  choose_packet_size();
  choose_spin();
  choose_segmentation();
  auto now = Clock::now();
  for (Peer& p : peers_) p.last_heard = p.last_news = p.last_data = now;
  start_heartbeat();
}

void Transport::rendezvous(const Job& job) {
  sockaddr_in meeting = resolve(job.host, job.port);
  table_.assign(size_, Address{});
  const auto limit = std::chrono::duration<double>(std::max(10.0, 5 * timeout_s_));
  const auto start = Clock::now();
  if (rank_ == 0) {
    key_ = job.key;
    if (key_ == 0 && (getrandom(&key_, sizeof key_, 0) != sizeof key_ || key_ == 0))
      key_ ^= 0x9e3779b97f4a7c15u;
    table_[0] = {meeting.sin_addr.s_addr, meeting.sin_port, 0, rcvbuf_};
    peers_[0].address = meeting;
    gather_hellos(start, limit);
    adopt_table(0);
    for (int q = 1; q < size_; ++q) send_table(q);
    return;
  }
  // Every other process: hello to process 0 until the whole table is here.
  peers_[0].address = meeting;
  await_table(job, meeting, start, limit);
  adopt_table(1);
  peers_[0].rcvbuf = table_[0].rcvbuf;
}

void Transport::gather_hellos(Clock::time_point start, std::chrono::duration<double> limit) {
  int known = 1;
  std::vector<bool> seen(size_, false);
  seen[0] = true;
  while (known < size_) {
    if (Clock::now() - start > limit)
      startup_failure("not every process reached the rendezvous",
                      std::to_string(known) + " of " + std::to_string(size_) + " did");
    sockaddr_in from{};
    socklen_t from_size = sizeof from;
    pollfd pfd{fd_, POLLIN, 0};
    if (poll(&pfd, 1, 100) <= 0) continue;
    ssize_t n = recvfrom(fd_, buffer_.data(), buffer_.size(), 0,
                         reinterpret_cast<sockaddr*>(&from), &from_size);
    PacketHeader h;
    Hello hello;
    if (n != static_cast<ssize_t>(sizeof h + sizeof hello)) continue;
    std::memcpy(&h, buffer_.data(), sizeof h);
    std::memcpy(&hello, buffer_.data() + sizeof h, sizeof hello);
    if (!hello_has_key(h)) {
      ++stats_.drops;  // another run's process (an earlier one on this port)
      continue;
    }
    if (h.type != PacketType::kHello || hello.size != static_cast<std::uint32_t>(size_) ||
        hello.rank == 0 || hello.rank >= hello.size || seen[hello.rank])
      continue;
    seen[hello.rank] = true;
    ++known;
    table_[hello.rank] = {from.sin_addr.s_addr, from.sin_port, 0, hello.self.rcvbuf};
  }
}

void Transport::send_hello(const Job& job, const sockaddr_in& meeting) {
  PacketHeader h{};
  h.src = static_cast<std::uint32_t>(rank_);
  h.type = PacketType::kHello;
  h.key = job.key;
  h.length = sizeof(Hello);
  Hello hello{
      static_cast<std::uint32_t>(size_), static_cast<std::uint32_t>(rank_), {0, 0, 0, rcvbuf_}};
  char packet[sizeof h + sizeof hello];
  std::memcpy(packet, &h, sizeof h);
  std::memcpy(packet + sizeof h, &hello, sizeof hello);
  sendto(fd_, packet, sizeof packet, 0, reinterpret_cast<const sockaddr*>(&meeting),
         sizeof meeting);
}

void Transport::await_table(const Job& job, const sockaddr_in& meeting, Clock::time_point start,
                            std::chrono::duration<double> limit) {
  int have = 0;
  std::vector<bool> got(size_, false);
  auto last_hello = start - std::chrono::seconds(1);
  while (have < size_) {
    if (Clock::now() - start > limit)
      startup_failure("process 0 did not answer at the rendezvous address",
                      job.host + ":" + std::to_string(job.port));
    if (Clock::now() - last_hello > std::chrono::milliseconds(100)) {
      send_hello(job, meeting);
      last_hello = Clock::now();
    }
    pollfd pfd{fd_, POLLIN, 0};
    if (poll(&pfd, 1, 20) <= 0) continue;
    ssize_t n = recv(fd_, buffer_.data(), buffer_.size(), 0);
    PacketHeader h;
    TableChunk chunk;
    if (n < static_cast<ssize_t>(sizeof h + sizeof chunk)) continue;
    std::memcpy(&h, buffer_.data(), sizeof h);
    std::memcpy(&chunk, buffer_.data() + sizeof h, sizeof chunk);
    if (h.type != PacketType::kTable || h.src != 0 || (job.key != 0 && h.key != job.key) ||
        chunk.size != static_cast<std::uint32_t>(size_) || chunk.first + chunk.count > chunk.size ||
        static_cast<std::size_t>(n) != sizeof h + sizeof chunk + chunk.count * sizeof(Address))
      continue;
    key_ = h.key;
    for (std::uint32_t i = 0; i < chunk.count; ++i) {
      std::uint32_t q = chunk.first + i;
      std::memcpy(&table_[q], buffer_.data() + sizeof h + sizeof chunk + i * sizeof(Address),
                  sizeof(Address));
      if (!got[q]) ++have, got[q] = true;
    }
  }
}

void Transport::adopt_table(int first) {
  for (int q = first; q < size_; ++q) {
    peers_[q].address.sin_family = AF_INET;
    peers_[q].address.sin_addr.s_addr = table_[q].ip;
    peers_[q].address.sin_port = table_[q].port;
    peers_[q].rcvbuf = table_[q].rcvbuf;
  }
}

void Transport::send_table(int to) {
  constexpr std::uint32_t kPerPacket = (kControlPayloadMax - sizeof(TableChunk)) / sizeof(Address);
  std::vector<char> payload;
  for (std::uint32_t first = 0; first < static_cast<std::uint32_t>(size_); first += kPerPacket) {
    std::uint32_t count = std::min<std::uint32_t>(kPerPacket, size_ - first);
    TableChunk chunk{static_cast<std::uint32_t>(size_), first, count, 0};
    payload.resize(sizeof chunk + count * sizeof(Address));
    std::memcpy(payload.data(), &chunk, sizeof chunk);
    std::memcpy(payload.data() + sizeof chunk, &table_[first], count * sizeof(Address));
    send_packet(to, PacketType::kTable, 0, payload.data(), payload.size());
  }
}

// With a key from the launcher, a hello must carry it; without, process 0
// draws the key and the others learn it from the table.
bool Transport::hello_has_key(const PacketHeader& h) const {
  return !key_from_launcher_ || h.key == key_;
}

void Transport::answer_hello(const char* packet, std::size_t n, const sockaddr_in&) {
  Hello hello;
  PacketHeader h;
  if (n != sizeof h + sizeof hello) return;
  std::memcpy(&h, packet, sizeof h);
  if (!hello_has_key(h)) {
    ++stats_.drops;
    return;
  }
  std::memcpy(&hello, packet + sizeof(PacketHeader), sizeof hello);
  if (hello.size == static_cast<std::uint32_t>(size_) && hello.rank > 0 && hello.rank < hello.size)
    send_table(static_cast<int>(hello.rank));
}

// The smallest receive buffer and path MTU of the job (choose_payload says
// the rest).
void Transport::choose_packet_size() {
  std::uint32_t smallest_buffer = rcvbuf_;
  for (int q = 0; q < size_; ++q)
    if (q != rank_ && peers_[q].rcvbuf)
      smallest_buffer = std::min(smallest_buffer, peers_[q].rcvbuf);
  int mtu_min = 0;  // the smallest path MTU learned; 0: none
  for (int q = 0; q < size_; ++q) {
    if (q == rank_) continue;
    int probe = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (probe < 0) continue;
    if (connect(probe, reinterpret_cast<const sockaddr*>(&peers_[q].address),
                sizeof peers_[q].address) == 0) {
      int mtu = 0;
      socklen_t len = sizeof mtu;
      if (getsockopt(probe, IPPROTO_IP, IP_MTU, &mtu, &len) == 0 && mtu > 0)
        mtu_min = mtu_min ? std::min(mtu_min, mtu) : mtu;
    }
    close(probe);
  }
  payload_max_ = choose_payload(smallest_buffer, size_, mtu_min, std::getenv("BSP_UDP_PACKET"));
}

}  // namespace superstep::udp
