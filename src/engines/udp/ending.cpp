// How a udp run ends: the farewell after bsp_end, an abort, a silent process,
// a crash; and the heartbeat that tells a computing process from a dead one.
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "engines/udp/thread_end.hpp"
#include "engines/udp/transport.hpp"
#include "util/running_thread.hpp"

namespace superstep::udp {

namespace {
std::atomic<Transport*> g_live{nullptr};

// How long an aborting process waits for the others to confirm.
constexpr auto kAbortConfirm = std::chrono::milliseconds(500);
// A process in its farewell that hears nothing from a finished peer for this
// long takes it that the peer left (its own farewell lost).
constexpr auto kFarewellQuiet = std::chrono::milliseconds(300);
}  // namespace

// Published here, before the program runs, and not by the heartbeat thread:
// that thread may not have been scheduled yet when the program crashes, and a
// crash report that finds no transport tells nobody (the others would then
// wait for the silence timeout and report the process a second time).
// Started as a running thread: a program may fork at any moment of its SPMD
// part (util/running_thread.hpp).
void Transport::start_heartbeat() {
  g_live.store(this);
  int error = 0;
  heartbeat_ = start_running_thread([this] { heartbeat_loop(); }, &error);
  if (error != 0) {
    // The others are met already: tell them, so that they stop at once.
    std::string message = "superstep: error in bsp_begin: process " + std::to_string(rank_) +
                          " cannot start its heartbeat thread: " + std::strerror(error);
    abort_run(message.c_str());
  }
}

Transport::~Transport() {
  stop_heartbeat();
  Transport* self = this;
  g_live.compare_exchange_strong(self, nullptr);
  if (fd_ >= 0) close(fd_);
}

void Transport::heartbeat_loop() {
  // Several heartbeats per timeout, so that one or two lost ones do not
  // make a living process look dead.
  const auto interval = std::chrono::duration<double>(std::max(0.01, timeout_s_ / 8));
  heartbeat_tid_ = current_thread_id();  // read after the join (thread_end.hpp)
  std::unique_lock lock(heartbeat_mutex_);
  while (!heartbeat_stop_) {
    heartbeat_wake_.wait_for(lock, interval);
    if (heartbeat_stop_) break;
    PacketHeader h{};
    h.key = key_;
    h.src = static_cast<std::uint32_t>(rank_);
    h.type = PacketType::kAlive;
    for (int q = 0; q < size_; ++q)
      if (q != rank_)
        sendto(fd_, &h, sizeof h, MSG_DONTWAIT,
               reinterpret_cast<const sockaddr*>(&peers_[q].address), sizeof peers_[q].address);
  }
}

void Transport::stop_heartbeat() {
  if (!heartbeat_.joinable()) return;
  {
    std::lock_guard lock(heartbeat_mutex_);
    heartbeat_stop_ = true;
  }
  heartbeat_wake_.notify_all();
  // Gone, not only joined: the process may exit next (thread_end.hpp).
  join_until_gone(heartbeat_, heartbeat_tid_);
}

void Transport::tell_died(int) {
  Transport* t = g_live.load();
  if (!t) return;
  PacketHeader h{};
  h.key = t->key_;
  h.src = static_cast<std::uint32_t>(t->rank_);
  h.type = PacketType::kDied;
  for (int copy = 0; copy < 3; ++copy)
    for (int q = 0; q < t->size_; ++q)
      if (q != t->rank_)
        sendto(t->fd_, &h, sizeof h, MSG_DONTWAIT,
               reinterpret_cast<const sockaddr*>(&t->peers_[q].address),
               sizeof t->peers_[q].address);
}

// Every member has received all it ever will from us when it says bye (it
// finished the last round, which needs everything we sent). We wait for
// that, answering prods meanwhile, so that no packet of ours is lost with
// this process; a peer that says nothing for a while has left already.
void Transport::farewell(int members) {
  stop_heartbeat();
  finished_ = true;
  auto start = Clock::now();
  std::vector<Clock::time_point> last_bye(size_, start - std::chrono::hours(1));
  auto pending = [&] {
    for (int q = 0; q < members; ++q)
      if (q != rank_ && !peers_[q].bye && Clock::now() - peers_[q].last_news < kFarewellQuiet &&
          !(peers_[q].unacked.empty() && Clock::now() - start >= kFarewellQuiet))
        return true;
    return false;
  };
  // Bounded by the timeout: a peer that never answers has crashed, and its
  // crash is reported elsewhere.
  const auto limit = std::chrono::duration<double>(timeout_s_);
  for (int q = 0; q < members; ++q) peers_[q].last_news = std::max(peers_[q].last_news, start);
  do {
    auto now = Clock::now();
    auto rto =
        std::clamp(srtt_ * 2, std::chrono::microseconds(1000), std::chrono::microseconds(200000));
    for (int q = 0; q < members; ++q) {
      if (q == rank_ || peers_[q].bye || now - last_bye[q] < rto) continue;
      send_packet(q, PacketType::kBye, 0, nullptr, 0);
      last_bye[q] = now;
    }
    receive(static_cast<int>(std::max<long>(1, rto.count() / 1000)));
  } while (pending() && Clock::now() - start < limit);
  // One last bye for those that may not have ours.
  for (int q = 0; q < members; ++q)
    if (q != rank_) send_packet(q, PacketType::kBye, kFlagReply, nullptr, 0);
  g_live.store(nullptr);
}

void Transport::abort_run(const char* message, const std::vector<int>& stopping) {
  std::fflush(stdout);
  if (message) {
    std::fprintf(stderr, "%s\n", message);
    std::fflush(stderr);
  }
  stop_heartbeat();
  g_live.store(nullptr);
  // kAbortAck sets `bye`: count the confirmations in it.
  for (Peer& p : peers_) p.bye = false;
  for (int q : stopping) peers_[q].bye = true;
  auto start = Clock::now();
  while (Clock::now() - start < kAbortConfirm) {
    bool all = true;
    for (int q = 0; q < size_; ++q) {
      if (q == rank_ || peers_[q].bye) continue;
      all = false;
      send_packet(q, PacketType::kAbort, 0, nullptr, 0);
    }
    if (all) break;
    receive(20);
  }
  std::fflush(nullptr);
  _exit(1);
}

void Transport::end_quietly(const char* message) {
  std::fflush(stdout);
  if (message) std::fprintf(stderr, "%s\n", message);
  std::fflush(nullptr);
  _exit(1);
}

void Transport::stopped_by_peer() {
  // The process that stopped the run printed why.
  std::fflush(nullptr);
  _exit(1);
}

// Process q sent nothing, not even a heartbeat, for longer than the timeout:
// it died or was stopped. Every process waiting for it finds this at about the
// same time; the lowest rank reports first, so each waits a little longer the
// higher its rank, and stops quietly when the report arrives meanwhile.
void Transport::silent(int q, double seconds) {
  auto start = Clock::now();
  auto grace = std::chrono::milliseconds(100) * std::min(rank_, 10);
  while (Clock::now() - start < grace) receive(10);
  if (std::getenv("BSP_UDP_DEBUG")) {
    std::fprintf(stderr, "DEBUG rank %d level %u round %u in_round %d members %d\n", rank_,
                 level_, round_, in_round_, in_round_ ? group_->size() : 0);
    for (int i = 0; i < size_; ++i) {
      Peer& p = peers_[i];
      std::fprintf(stderr,
                   "  peer %d counted %d expect %llu got %llu expected %u held %zu (first %u) "
                   "unacked %zu next_seq %u bye %d\n",
                   i, p.counted, (unsigned long long)p.expect_bytes,
                   (unsigned long long)p.got_bytes, p.expected, p.held.size(),
                   p.held.empty() ? 0u : p.held.begin()->first, p.unacked.size(), p.next_seq,
                   p.bye);
    }
  }
  char message[256];
  std::snprintf(message, sizeof message,
                "superstep: process %d stopped answering in superstep %llu (nothing heard from "
                "it for %.1f s); stopping all processes",
                q, static_cast<unsigned long long>(superstep_), seconds);
  abort_run(message);
}

}  // namespace superstep::udp
