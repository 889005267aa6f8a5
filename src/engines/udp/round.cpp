// The collective round (Donaldson, Hill and Skillicorn (1999) §3): counts that double as the
// barrier, then the streams in latin-square order, paced per destination.
#include <algorithm>
#include <cstring>

#include "engines/udp/transport.hpp"

namespace superstep::udp {

std::uint32_t Transport::round(int members, std::uint32_t flags, const void* summary,
                               std::uint16_t summary_size, const StreamRef* out, Arrivals& into,
                               bool out_outlives_round) {
  begin_round(members, flags, into);
  std::vector<std::uint64_t> row(members, 0);
  if (out)
    for (int q = 0; q < members; ++q) row[q] = q == rank_ ? 0 : out[q].size;
  exchange_counts(members, flags, summary, summary_size, row, into);
  // The round's global load is known now: who sends how much to whom.
  if (round_has_bytes(members)) {
    choose_windows(members);
    send_streams(members, out, row, out_outlives_round);
    while (!incoming_done(members))
      wait_step(members,
                [&](int q) { return q != rank_ && peers_[q].got_bytes < peers_[q].expect_bytes; });
  }
  in_round_ = false;
  return flags_all_;
}

void Transport::begin_round(int members, std::uint32_t flags, Arrivals& into) {
  ++round_;
  members_ = members;
  into_ = &into;
  into.reset(members);
  flags_all_ = flags;
  matrix_.assign(static_cast<std::size_t>(members) * members, 0);
  matrix_complete_ = true;
  for (int q = 0; q < members; ++q) {
    Peer& p = peers_[q];
    p.counted = q == rank_;
    p.expect_bytes = p.got_bytes = 0;
  }
  in_round_ = true;
}

// Counts, in latin-square order; each carries this process's whole row when it
// fits in one packet. Returns when every member's count is here.
void Transport::exchange_counts(int members, std::uint32_t flags, const void* summary,
                                std::uint16_t summary_size, const std::vector<std::uint64_t>& row,
                                Arrivals& into) {
  std::memcpy(&matrix_[static_cast<std::size_t>(rank_) * members], row.data(),
              sizeof(std::uint64_t) * members);
  const bool row_fits =
      sizeof(CountPayload) + summary_size + sizeof(std::uint64_t) * members <= payload_max_;
  std::vector<char> count(sizeof(CountPayload) + summary_size);
  for (int k = 1; k < members; ++k) {
    int q = destination(k, members);
    CountPayload c{row[q], flags, summary_size, static_cast<std::uint16_t>(row_fits ? members : 0)};
    std::memcpy(count.data(), &c, sizeof c);
    if (summary_size) std::memcpy(count.data() + sizeof c, summary, summary_size);
    send_data(q, kFlagCount, count.data(), count.size(), row_fits ? row.data() : nullptr,
              row_fits ? sizeof(std::uint64_t) * members : 0);
  }
  if (summary_size) {
    auto* s = static_cast<const char*>(summary);
    into.summary[rank_].assign(s, s + summary_size);
  }
  for (int q = 0; q < members; ++q) deliver(q);  // a count that came a round early
  auto all_counted = [&](int q) { return !peers_[q].counted; };
  while (std::any_of(peers_.begin(), peers_.begin() + members,
                     [](const Peer& p) { return !p.counted; }))
    wait_step(members, all_counted);
}

bool Transport::round_has_bytes(int members) const {
  if (std::any_of(matrix_.begin(), matrix_.end(), [](std::uint64_t n) { return n != 0; }))
    return true;
  for (int q = 0; q < members; ++q)
    if (peers_[q].expect_bytes != 0) return true;
  return false;
}

// A destination's socket buffer is shared among those that send to it.
void Transport::choose_windows(int members) {
  std::vector<int> senders(members, 0);
  for (int s = 0; s < members; ++s)
    for (int d = 0; d < members; ++d)
      if (matrix_[static_cast<std::size_t>(s) * members + d]) ++senders[d];
  for (int q = 0; q < members; ++q) {
    if (q == rank_) continue;
    // Ours towards q, and (for acks) the one q uses towards us.
    int n = matrix_complete_ ? std::max(senders[q], 1) : std::max(members - 1, 1);
    peers_[q].window =
        std::max<std::uint32_t>(kMinWindow, peers_[q].rcvbuf / (payload_max_ + kPacketOverhead) / n);
  }
}

bool Transport::incoming_done(int members) const {
  for (int q = 0; q < members; ++q)
    if (q != rank_ && peers_[q].got_bytes < peers_[q].expect_bytes) return false;
  return true;
}

// Passes over the destinations in latin-square order, each up to its window,
// until every stream has left (acknowledged or not).
void Transport::send_streams(int members, const StreamRef* out,
                             const std::vector<std::uint64_t>& row, bool out_outlives_round) {
  std::vector<std::uint64_t> sent(members, 0);
  auto done_sending = [&] {
    for (int q = 0; q < members; ++q)
      if (q != rank_ && sent[q] < row[q]) return false;
    return true;
  };
  while (!done_sending()) {
    bool blocked = true;
    for (int k = 1; k < members; ++k) {
      int q = destination(k, members);
      Peer& p = peers_[q];
      const char* data = static_cast<const char*>(out[q].data);
      std::size_t queued = 0;
      while (sent[q] < row[q] && p.unacked.size() < p.window) {
        std::size_t n = std::min<std::uint64_t>(payload_max_, row[q] - sent[q]);
        send_data(q, 0, data + sent[q], n, nullptr, 0, out_outlives_round, true);
        sent[q] += n;
        ++queued;
        blocked = false;
      }
      if (queued) transmit_last(q, queued);
    }
    receive(0);
    if (blocked)
      wait_step(members, [&](int q) {
        return (q != rank_ && peers_[q].got_bytes < peers_[q].expect_bytes) ||
               (sent[q] < row[q] && peers_[q].unacked.size() >= peers_[q].window);
      });
  }
}

int Transport::destination(int k, int members) const {
  if (pid_order_) return k - 1 < rank_ ? k - 1 : k;
  return (rank_ + k) % members;
}

// One wait: packets for up to a round-trip time, then the timers. `needs(q)`:
// this process waits for something from q (its packets, or its
// acknowledgements where our window towards it is full). Nobody else is
// prodded or watched: a peer that left after the last round owes us nothing.
void Transport::wait_step(int members, const std::function<bool(int)>& needs) {
  auto rto =
      std::clamp(srtt_ * 2, std::chrono::microseconds(1000), std::chrono::microseconds(200000));
  receive(static_cast<int>(std::max<long>(1, rto.count() / 1000)));
  auto now = Clock::now();
  for (int q = 0; q < members; ++q) {
    if (q == rank_) continue;
    Peer& p = peers_[q];
    if (!needs(q)) continue;
    double quiet = std::chrono::duration<double>(now - p.last_heard).count();
    if (quiet > timeout_s_) silent(q, quiet);
    // Prods no more often than the round-trip time, and only after a
    // round-trip time without data from q (its other packets, a farewell
    // for one, do not fill the hole).
    if (now - p.last_prod >= rto && now - p.last_data >= rto) {
      p.last_prod = now;
      ++stats_.prods;
      auto stamp =
          std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count();
      send_packet(q, PacketType::kProd, 0, nullptr, 0, static_cast<std::uint64_t>(stamp));
    }
  }
}

}  // namespace superstep::udp
