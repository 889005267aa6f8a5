// The collective round (Donaldson, Hill and Skillicorn (1999) §3): counts that double as the
// barrier, then the streams in latin-square order, paced per destination. A round is among the
// members of a group (the machine or a team); only they are waited for.
#include <algorithm>
#include <cstring>

#include "engines/udp/transport.hpp"

namespace superstep::udp {

Group Group::first(int n, int job_size, int rank) {
  std::vector<int> ranks(n);
  for (int q = 0; q < n; ++q) ranks[q] = q;
  return of(std::move(ranks), job_size, rank);
}

Group Group::of(std::vector<int> ranks, int job_size, int rank) {
  Group g;
  g.ranks = std::move(ranks);
  g.pid_of.assign(job_size, -1);
  for (int pid = 0; pid < g.size(); ++pid) g.pid_of[g.ranks[pid]] = pid;
  g.me = rank < job_size ? g.pid_of[rank] : -1;
  return g;
}

void Transport::begin_team() {
  enclosing_.emplace_back(round_, superstep_);
  level_ = static_cast<std::uint32_t>(enclosing_.size());
  round_ = 0;
}

void Transport::end_team() {
  round_ = enclosing_.back().first;
  superstep_ = enclosing_.back().second;
  enclosing_.pop_back();
  level_ = static_cast<std::uint32_t>(enclosing_.size());
}

std::uint32_t Transport::round(const Group& group, std::uint32_t flags, const void* summary,
                               std::uint16_t summary_size, const StreamRef* out, Arrivals& into,
                               bool out_outlives_round) {
  begin_round(group, flags, into);
  const int n = group.size();
  std::vector<std::uint64_t> row(n, 0);
  if (out)
    for (int q = 0; q < n; ++q) row[q] = q == group.me ? 0 : out[q].size;
  exchange_counts(flags, summary, summary_size, row, into);
  // The round's global load is known now: who sends how much to whom.
  if (round_has_bytes()) {
    choose_windows();
    send_streams(out, row, out_outlives_round);
    while (!incoming_done())
      wait_step([&](int q) { return peers_[q].got_bytes < peers_[q].expect_bytes; });
  }
  in_round_ = false;
  return flags_all_;
}

void Transport::begin_round(const Group& group, std::uint32_t flags, Arrivals& into) {
  ++round_;
  group_ = &group;
  const int n = group.size();
  into_ = &into;
  into.reset(n);
  flags_all_ = flags;
  matrix_.assign(static_cast<std::size_t>(n) * n, 0);
  matrix_complete_ = true;
  for (int q : group.ranks) {
    Peer& p = peers_[q];
    p.counted = q == rank_;
    p.expect_bytes = p.got_bytes = 0;
  }
  in_round_ = true;
}

// Counts, in latin-square order; each carries this process's whole row when it
// fits in one packet. Returns when every member's count is here.
void Transport::exchange_counts(std::uint32_t flags, const void* summary,
                                std::uint16_t summary_size, const std::vector<std::uint64_t>& row,
                                Arrivals& into) {
  const Group& g = *group_;
  const int n = g.size();
  std::memcpy(&matrix_[static_cast<std::size_t>(g.me) * n], row.data(), sizeof(std::uint64_t) * n);
  const bool row_fits =
      sizeof(CountPayload) + summary_size + sizeof(std::uint64_t) * n <= payload_max_;
  std::vector<char> count(sizeof(CountPayload) + summary_size);
  for (int k = 1; k < n; ++k) {
    int q = destination(k);
    CountPayload c{row[q], flags, summary_size, static_cast<std::uint16_t>(row_fits ? n : 0)};
    std::memcpy(count.data(), &c, sizeof c);
    if (summary_size) std::memcpy(count.data() + sizeof c, summary, summary_size);
    send_data(g.ranks[q], kFlagCount, count.data(), count.size(), row_fits ? row.data() : nullptr,
              row_fits ? sizeof(std::uint64_t) * n : 0);
  }
  if (summary_size) {
    auto* s = static_cast<const char*>(summary);
    into.summary[g.me].assign(s, s + summary_size);
  }
  for (int q : g.ranks) deliver(q);  // a count that came a round early
  auto uncounted = [&](int q) { return !peers_[q].counted; };
  while (std::any_of(g.ranks.begin(), g.ranks.end(), uncounted)) wait_step(uncounted);
}

bool Transport::round_has_bytes() const {
  if (std::any_of(matrix_.begin(), matrix_.end(), [](std::uint64_t n) { return n != 0; }))
    return true;
  for (int q : group_->ranks)
    if (peers_[q].expect_bytes != 0) return true;
  return false;
}

// A destination's socket buffer is shared among those that send to it.
void Transport::choose_windows() {
  const Group& g = *group_;
  const int n = g.size();
  std::vector<int> senders(n, 0);
  for (int s = 0; s < n; ++s)
    for (int d = 0; d < n; ++d)
      if (matrix_[static_cast<std::size_t>(s) * n + d]) ++senders[d];
  for (int q = 0; q < n; ++q) {
    if (q == g.me) continue;
    // Ours towards q, and (for acks) the one q uses towards us.
    int senders_to_q = matrix_complete_ ? std::max(senders[q], 1) : std::max(n - 1, 1);
    Peer& p = peers_[g.ranks[q]];
    p.window = std::max<std::uint32_t>(
        kMinWindow, p.rcvbuf / (payload_max_ + kPacketOverhead) / senders_to_q);
  }
}

bool Transport::incoming_done() const {
  for (int q : group_->ranks)
    if (peers_[q].got_bytes < peers_[q].expect_bytes) return false;
  return true;
}

// Passes over the destinations in latin-square order, each up to its window,
// until every stream has left (acknowledged or not).
void Transport::send_streams(const StreamRef* out, const std::vector<std::uint64_t>& row,
                             bool out_outlives_round) {
  const Group& g = *group_;
  const int n = g.size();
  std::vector<std::uint64_t> sent(n, 0);
  auto done_sending = [&] {
    for (int q = 0; q < n; ++q)
      if (q != g.me && sent[q] < row[q]) return false;
    return true;
  };
  while (!done_sending()) {
    bool blocked = true;
    for (int k = 1; k < n; ++k) {
      int q = destination(k);
      const int to = g.ranks[q];
      Peer& p = peers_[to];
      const char* data = static_cast<const char*>(out[q].data);
      std::size_t queued = 0;
      while (sent[q] < row[q] && p.unacked.size() < p.window) {
        std::size_t bytes = std::min<std::uint64_t>(payload_max_, row[q] - sent[q]);
        send_data(to, 0, data + sent[q], bytes, nullptr, 0, out_outlives_round, true);
        sent[q] += bytes;
        ++queued;
        blocked = false;
      }
      if (queued) transmit_last(to, queued);
    }
    receive(0);
    if (blocked)
      wait_step([&](int rank) {
        const int q = g.pid_of[rank];
        return peers_[rank].got_bytes < peers_[rank].expect_bytes ||
               (sent[q] < row[q] && peers_[rank].unacked.size() >= peers_[rank].window);
      });
  }
}

int Transport::destination(int k) const {
  const int me = group_->me;
  if (pid_order_) return k - 1 < me ? k - 1 : k;
  return (me + k) % group_->size();
}

// One wait: packets for up to a round-trip time, then the timers. `needs(q)`:
// this process waits for something from q (its packets, or its
// acknowledgements where our window towards it is full). Nobody else is
// prodded or watched: a peer that left after the last round, or that is not
// in this round's team, owes us nothing.
void Transport::wait_step(const std::function<bool(int)>& needs) {
  auto rto =
      std::clamp(srtt_ * 2, std::chrono::microseconds(1000), std::chrono::microseconds(200000));
  receive(static_cast<int>(std::max<long>(1, rto.count() / 1000)));
  auto now = Clock::now();
  for (int q : group_->ranks) {
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
      send_packet(q, PacketType::kProd, 0, nullptr, 0, static_cast<std::uint32_t>(stamp));
    }
  }
}

}  // namespace superstep::udp
