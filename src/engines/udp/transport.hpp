// Reliable, sequenced datagrams between the processes of a udp job, and the collective round the
// engine builds every sync from (Donaldson, Hill and Skillicorn (1999) §3-4).
//
// A round: every member sends every other member one count packet (what it
// will send that member, its sync flags and summary, its row of counts), and
// receiving all of them is the barrier; then, only when somebody has bytes,
// each sends its streams, cut into packets no larger than the path MTU, to the
// destinations in latin-square order ((rank + k) mod P), each destination
// paced by a window derived from the round's global load and the receiver's
// socket buffer. Packets are numbered per ordered pair of processes; the
// receiver keeps out-of-order ones and delivers in order; acknowledgements ride
// on every packet going the other way (and a round's count packet implies that
// its sender completed the round before, so nothing more is needed), explicit
// ones only when a sender's window runs low or when prodded. A receiver missing
// something prods the sender no more often than the round-trip time, and the
// sender resends exactly the hole the prod names.
//
// Teams: a round is among the members of a Group, the whole machine or a team of it. The channels
// (sequence numbers, acknowledgements, retransmission) are per pair of processes and go on across
// teams; each round is named by its team level and its number at that level, which restarts in a
// team and is the enclosing machine's again after it. Two rounds that follow each other among the
// same pair of processes differ in one or the other, and a process is at most one such round
// ahead of its partner, so that a packet of a round its receiver has not reached is held until
// then, never taken for one of the round in progress.
#pragma once

#include <netinet/in.h>
#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "engines/engine.hpp"
#include "engines/udp/impair.hpp"
#include "engines/udp/job.hpp"
#include "engines/udp/packet_size.hpp"
#include "engines/udp/stats.hpp"
#include "engines/udp/wire.hpp"

namespace superstep::udp {

using Clock = std::chrono::steady_clock;

// What arrived in one round: a stream and a summary per source.
struct Arrivals {
  std::vector<std::vector<char>> data;
  std::vector<std::uint64_t> size;
  std::vector<std::vector<char>> summary;
  void reset(int n);
};

// The processes of a round, by their pid in it.
struct Group {
  std::vector<int> ranks;   // the job rank of each pid
  std::vector<int> pid_of;  // each job rank's pid here, -1 where it is not a member
  int me = 0;               // this process's pid here
  int size() const { return static_cast<int>(ranks.size()); }
  bool has(int rank) const { return pid_of[rank] >= 0; }
  // Job ranks [0, n), of a job of job_size processes.
  static Group first(int n, int job_size, int rank);
  // The members' job ranks in pid order, of a job of job_size processes.
  static Group of(std::vector<int> ranks, int job_size, int rank);
};

class Transport {
 public:
  // Meets the other processes of the job at process 0's address; returns when
  // this process knows every process's address and the run's key.
  explicit Transport(const Job& job);
  ~Transport();

  int rank() const { return rank_; }
  int size() const { return size_; }

  // Collective over the group's processes: one round (see above). `out` holds
  // a stream per destination pid (nullptr: none anywhere). Returns the OR of every
  // member's flags; `into` receives streams and summaries by pid. out_outlives_round:
  // the streams' bytes stay valid and unchanged until the next round has
  // ended, so packets point into them instead of copying them (a round's
  // packets are all acknowledged by the end of the next: each member's count
  // packet of the next round says it received everything of this one).
  std::uint32_t round(const Group& group, std::uint32_t flags, const void* summary,
                      std::uint16_t summary_size, const StreamRef* out, Arrivals& into,
                      bool out_outlives_round);

  // A team begins (after the enclosing machine's round that split it): its rounds are numbered
  // one level deeper, from the start. end_team() brings back the enclosing machine's numbering
  // and superstep.
  void begin_team();
  void end_team();
  std::uint64_t superstep() const { return superstep_; }

  // After the last round: stays until every member has said it received
  // everything (or cannot say so any more), so that no packet of ours is lost.
  void farewell(int members);

  // Stops the run: prints `message` when given (nullptr: somebody printed
  // already), tells every process to stop and ends this one with status 1.
  // `stopping` (job ranks): processes that stop by themselves, not told.
  [[noreturn]] void abort_run(const char* message, const std::vector<int>& stopping = {});
  // Prints `message` when given and ends this process with status 1, telling
  // nobody: for errors that every process finds by itself.
  [[noreturn]] void end_quietly(const char* message);

  void note_superstep(std::uint64_t superstep) { superstep_ = superstep; }
  const Stats& stats() const { return stats_; }

  // For the crash handler (async-signal-safe): tells every process that this
  // one died, after it printed why.
  static void tell_died(int signo);

 private:
  struct Sent {
    std::vector<char> packet;        // the header, and the payload unless it is borrowed
    const char* borrowed = nullptr;  // the payload where it lies (see round())
    std::size_t borrowed_size = 0;
    Clock::time_point last_sent;
  };
  struct Peer {
    sockaddr_in address{};
    std::uint32_t rcvbuf = 0;
    // This process -> peer.
    std::uint32_t next_seq = 0;
    std::deque<Sent> unacked;  // front().seq is the peer's last cumulative ack
    std::uint32_t window = 8;  // packets in flight allowed in the current round
    // Peer -> this process.
    std::uint32_t expected = 0;                       // next to deliver
    std::map<std::uint32_t, std::vector<char>> held;  // arrived, not delivered yet
    std::uint32_t since_ack = 0;
    Clock::time_point last_heard;  // any packet, heartbeats included
    Clock::time_point last_news;   // any packet but a heartbeat
    Clock::time_point last_data;   // a data packet (a prod waits a round-trip time for one)
    Clock::time_point last_prod;
    bool bye = false;
    // The current round.
    bool counted = false;
    std::uint64_t expect_bytes = 0;
    std::uint64_t got_bytes = 0;
  };

  void rendezvous(const Job& job);
  // Process 0: collects every other process's kHello into table_ (until `limit` after `start`).
  void gather_hellos(Clock::time_point start, std::chrono::duration<double> limit);
  // Every other process: says hello to process 0 every 100 ms until its whole table is here.
  void await_table(const Job& job, const sockaddr_in& meeting, Clock::time_point start,
                   std::chrono::duration<double> limit);
  void send_hello(const Job& job, const sockaddr_in& meeting);
  // Peers' addresses and receive buffers from table_, from process `first` on.
  void adopt_table(int first);
  // Process 0: sends the table of addresses to the process whose kHello this is.
  bool hello_has_key(const PacketHeader& h) const;
  void answer_hello(const char* packet, std::size_t n, const sockaddr_in& from);
  void send_table(int to);
  // inherited: a socket already bound to `port` (Job::socket_fd), or -1.
  void open_socket(int port, int inherited);
  void choose_packet_size();

  // Sends a header (with piggybacked acks for `to`) and payload.
  void send_packet(int to, PacketType type, std::uint8_t flags, const void* payload,
                   std::size_t length, std::uint32_t stamp = 0);
  // Sends a new sequenced data packet of the current round: a, then b. With
  // borrow (b empty), the packet keeps pointing at a instead of a copy. With
  // defer it is only queued: transmit_last() sends it.
  void send_data(int to, std::uint8_t flags, const void* a, std::size_t na, const void* b,
                 std::size_t nb, bool borrow = false, bool defer = false);
  void transmit(int to, Sent& s);
  // Sends the last `count` queued packets to `to`, as few datagram batches as
  // segmentation offload allows (UDP_SEGMENT: one system call and one trip
  // through the stack for up to gso_segments_ packets whose payloads are all
  // payload_max_ long but the last), else one by one.
  void transmit_last(int to, std::size_t count);
  // Hands one datagram, or several the kernel coalesced (UDP_GRO), to handle().
  void handle_received(const char* data, std::size_t n, std::size_t segment,
                       const sockaddr_in& from);
  std::uint32_t contiguous(const Peer& p) const;
  std::uint32_t hole_end(const Peer& p) const;

  // Receives everything waiting (at most `wait_ms` for the first packet:
  // first spinning for spin_, then asleep in poll).
  void receive(int wait_ms);
  // Handles every packet waiting now, without waiting; false when none was.
  bool receive_waiting();
  // Every process polls before it sleeps; where this host runs more of the
  // job's processes than it has processors, it yields between looks, so
  // that a spinning process does not keep the one everybody waits for off
  // its processor.
  void choose_spin();
  // Segmentation offload where the kernel has it (UDP_SEGMENT to send,
  // UDP_GRO to receive) and packets are small enough to gain from it; not
  // with BSP_UDP_IMPAIR, which must see every packet.
  void choose_segmentation();
  void handle(const char* packet, std::size_t n, const sockaddr_in& from);
  // A data packet from q (already checked): acknowledged, held or consumed.
  void handle_data(int q, const PacketHeader& h, const char* packet, std::size_t n);
  void release(int from, std::uint32_t ack, bool implicit);
  void resend_hole(int to, std::uint32_t ack, std::uint32_t hole);
  void deliver(int from);
  // Takes the data packet that is next in order from `from` (its header h and
  // payload) into the current round.
  void consume(int from, const PacketHeader& h, const char* payload);
  void send_ack(int to, std::uint64_t echo, bool echoed);

  // The parts of round(), in order: fresh state, the counts (they double as
  // the barrier), the windows from the round's load, the streams out, and the
  // wait for the streams in.
  // Rows, columns and `out` by pid in the group; peers_ by job rank.
  void begin_round(const Group& group, std::uint32_t flags, Arrivals& into);
  void exchange_counts(std::uint32_t flags, const void* summary, std::uint16_t summary_size,
                       const std::vector<std::uint64_t>& row, Arrivals& into);
  bool round_has_bytes() const;
  void choose_windows();
  void send_streams(const StreamRef* out, const std::vector<std::uint64_t>& row,
                    bool out_outlives_round);
  bool incoming_done() const;
  // Whether a data packet from job rank q with this header is of the round in progress.
  bool of_this_round(int q, const PacketHeader& h) const {
    return in_round_ && group_->has(q) && h.round == round_ && h.level == level_;
  }

  // The k-th destination (a pid, k in [1, n)) this process visits in a round of n:
  // (pid + k) mod n, a latin square, so that at each step every
  // process sends to a different one; or pid order with BSP_UDP_ORDER=pid.
  int destination(int k) const;

  // One pass of the timers while waiting for `needs(q)` (q a job rank of the
  // group of the round): prods, silence.
  void wait_step(const std::function<bool(int)>& needs);
  [[noreturn]] void silent(int q, double seconds);

  // Makes this transport the one the crash handler tells others through, and
  // starts the heartbeat.
  void start_heartbeat();
  void heartbeat_loop();
  void stop_heartbeat();
  [[noreturn]] void stopped_by_peer();

  int rank_ = 0;
  int size_ = 1;
  int fd_ = -1;
  std::uint64_t key_ = 0;
  bool key_from_launcher_ = false;  // BSP_UDP_KEY: hellos must carry key_
  double timeout_s_ = 2;
  bool pid_order_ = false;            // BSP_UDP_ORDER=pid: destinations in pid order
  std::uint32_t payload_max_ = 1400;  // data bytes per packet
  std::uint32_t rcvbuf_ = 0;
  std::vector<Peer> peers_;
  std::uint32_t round_ = 0;  // the round in progress (or last done), at level_
  std::uint32_t level_ = 0;  // 0: the machine; n: a team n levels deep
  // Of each enclosing machine, innermost last: its round and superstep.
  std::vector<std::pair<std::uint32_t, std::uint64_t>> enclosing_;
  bool in_round_ = false;
  bool finished_ = false;  // in farewell(): received all it ever will
  const Group* group_ = nullptr;  // the round's (valid while in_round_)
  Arrivals* into_ = nullptr;
  std::uint32_t flags_all_ = 0;
  std::vector<std::uint64_t> matrix_;  // round's counts by pid, row-major, when every row came
  bool matrix_complete_ = true;
  std::chrono::microseconds srtt_{5000};
  std::chrono::microseconds spin_{0};  // how long receive() polls before it sleeps
  bool yield_ = false;                 // receive() yields the processor between looks
  std::size_t gso_segments_ = 1;       // packets per segmented send (1: none)
  std::uint64_t superstep_ = 0;
  Stats stats_;
  std::vector<char> buffer_;
  Impairment impair_;
  std::vector<Address> table_;  // every process's address, as process 0 saw it

  std::thread heartbeat_;
  pid_t heartbeat_tid_ = 0;  // its kernel id
  std::mutex heartbeat_mutex_;
  std::condition_variable heartbeat_wake_;
  bool heartbeat_stop_ = false;
};

}  // namespace superstep::udp
