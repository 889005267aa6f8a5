// bsp_alltoallv: total exchange with per-pair counts. A sender knows where its
// block goes only from the receiver's displacements, and only the receiver
// knows those, so the first superstep carries, from every process to every
// other, a BSMP message with a header: how many bytes the sender sends, where
// the sender wants the receiver's block, and whether the sender's data follow
// by put. Each process chooses for the data it sends (the cost model, or the
// algorithm forced on it):
//   messages: the block rides in the header's message; the receiver copies it
//             out of the queue. When every process chose so, that one
//             superstep is the whole collective.
//   direct:   the block follows as a bsp_put into the receiver's area, which
//             every process registers in a second superstep (only when some
//             process chose direct; the headers tell everybody), and a third
//             superstep delivers the puts: no copy out of the queue.
#include <bsp_level1.h>

#include <cstring>
#include <vector>

#include "level1/cost_model.hpp"
#include "level1/steps.hpp"
#include "util/block_copy.hpp"
#include "util/errors.hpp"

using namespace superstep::level1;

namespace {

// The header that leads every message of the first superstep.
struct Header {
  int sends;    // bytes the sender sends to the receiver
  int expects;  // bytes the sender expects from the receiver (its recv_counts entry)
  int displ;    // where the sender wants the receiver's block (its recv_displs entry)
  int by_put;   // 1: the sender's block follows by put; 0: it rides in this message
};
static_assert(sizeof(Header) % 8 == 0, "the data after a header stay 8-byte aligned");

// The bytes a call moves, found while its arguments are checked.
struct Extents {
  long long sent = 0;       // to the other processes
  long long received = 0;   // from the other processes
  long long dst_bytes = 0;  // the extent of dst that the blocks fill
  long long src_bytes = 0;  // the extent of src that the blocks come from
};

Extents check_arguments(const char* name, const void* src, const int* send_counts,
                        const int* send_displs, void* dst, const int* recv_counts,
                        const int* recv_displs) {
  const int p = bsp_nprocs(), me = bsp_pid();
  check_area(name, "send_counts", send_counts, p);
  check_area(name, "send_displs", send_displs, p);
  check_area(name, "recv_counts", recv_counts, p);
  check_area(name, "recv_displs", recv_displs, p);
  Extents e;
  for (int j = 0; j < p; ++j) {
    if (send_counts[j] < 0 || send_displs[j] < 0 || recv_counts[j] < 0 || recv_displs[j] < 0)
      superstep::usage_error(name, "a count or displacement for process %d is negative", j);
    if (j != me) e.sent += send_counts[j], e.received += recv_counts[j];
    if (recv_counts[j] > 0 && recv_displs[j] + static_cast<long long>(recv_counts[j]) > e.dst_bytes)
      e.dst_bytes = recv_displs[j] + static_cast<long long>(recv_counts[j]);
    if (send_counts[j] > 0 && send_displs[j] + static_cast<long long>(send_counts[j]) > e.src_bytes)
      e.src_bytes = send_displs[j] + static_cast<long long>(send_counts[j]);
  }
  if (e.dst_bytes > 0) check_area(name, "dst", dst, e.dst_bytes);
  if (e.src_bytes > 0) check_area(name, "src", src, e.src_bytes);
  // The blocks may be sent from src while others land in dst (put_stable).
  if (overlap(src, e.src_bytes, dst, e.dst_bytes))
    superstep::usage_error(name,
                           "src and dst overlap (the %lld bytes the blocks come from and the "
                           "%lld bytes they fill); pass separate areas",
                           e.src_bytes, e.dst_bytes);
  return e;
}

// The first superstep's messages: a header to every other process, with the
// block behind it unless the block follows by put.
void send_headers(MessageRound& round, const char* from, const int* send_counts,
                  const int* send_displs, const int* recv_counts, const int* recv_displs,
                  bool by_put) {
  const int p = bsp_nprocs(), me = bsp_pid();
  std::vector<char>& message = reused<char, Use::message>(0);
  for (int k = 1; k < p; ++k) {
    const int to = (me + k) % p;
    const Header header{send_counts[to], recv_counts[to], recv_displs[to], by_put ? 1 : 0};
    const long long data = by_put ? 0 : send_counts[to];
    message.resize(sizeof header + static_cast<std::size_t>(data));
    std::memcpy(message.data(), &header, sizeof header);
    if (data > 0)
      superstep::copy_block(message.data() + sizeof header, from + send_displs[to],
                            static_cast<std::size_t>(data));
    round.send(to, message.data(), static_cast<long long>(message.size()));
  }
  round.deliver(p - 1);
}

// The headers, in source order: the counts must agree; where each of my blocks
// goes (displ_at); the data that came inline (inline_data, else null). True
// when some other process puts (then every process registers dst).
bool read_headers(const char* name, MessageRound& round, const int* send_counts,
                  const int* recv_counts, std::vector<int>& displ_at,
                  std::vector<const char*>& inline_data) {
  const int p = bsp_nprocs(), me = bsp_pid();
  bool anybody_puts = false;
  for (int j = 0; j < p; ++j) {
    inline_data[j] = nullptr;
    if (j == me) continue;
    long long length = 0;
    const char* payload = round.next_any(&length);
    Header header;
    std::memcpy(&header, payload, sizeof header);
    if (header.sends != recv_counts[j] ||
        length != static_cast<long long>(sizeof header) + (header.by_put ? 0 : header.sends))
      superstep::usage_error(name,
                             "process %d sends %d bytes to process %d, which expects %d (its "
                             "recv_counts[%d]); the counts must agree",
                             j, header.sends, me, recv_counts[j], j);
    if (header.expects != send_counts[j])
      superstep::usage_error(name,
                             "sends %d bytes to process %d, which expects %d (its "
                             "recv_counts[%d]); the counts must agree",
                             send_counts[j], j, header.expects, me);
    displ_at[j] = header.displ;
    if (header.by_put)
      anybody_puts = true;
    else
      inline_data[j] = payload + sizeof header;
  }
  return anybody_puts;
}

}  // namespace

extern "C" void bsp_alltoallv(const void* src, const int* send_counts, const int* send_displs,
                              void* dst, const int* recv_counts, const int* recv_displs) {
  const char* name = "bsp_alltoallv";
  check_call(name, 0, 1);
  const int p = bsp_nprocs(), me = bsp_pid();
  const Extents e =
      check_arguments(name, src, send_counts, send_displs, dst, recv_counts, recv_displs);
  // This process's choice, for the bytes it sends: direct costs the header,
  // registration and data supersteps; messages one superstep and the copy of
  // what it sends out of the receivers' queues.
  const double h = double(e.sent > e.received ? e.sent : e.received);
  // Both send a header to every other process; direct then puts the blocks.
  const double others = double(p - 1);
  const bool chose_direct = choose(name, e.sent, Cost{3, h, 0, 0, others, others}, std::nullopt,
                                   Cost{1, h, 0, double(e.sent), 0, others,
                                        p > 1 ? double(e.sent) / (p - 1) : 0}) == Algorithm::direct;
  // Puts follow only where there is something to put to another process.
  const bool by_put = chose_direct && e.sent > 0;

  const char* from = static_cast<const char*>(src);
  char* out = static_cast<char*>(dst);
  MessageRound round(name);
  send_headers(round, from, send_counts, send_displs, recv_counts, recv_displs, by_put);
  std::vector<int>& displ_at = reused<int, Use::table>(static_cast<std::size_t>(p));
  std::vector<const char*>& inline_data =
      reused<const char*, Use::table>(static_cast<std::size_t>(p));
  const bool others_put =
      read_headers(name, round, send_counts, recv_counts, displ_at, inline_data);
  // My own block, then the blocks that came as messages (before the next sync
  // clears the queue).
  if (send_counts[me] > 0)
    superstep::copy_block(out + recv_displs[me], from + send_displs[me],
                          static_cast<std::size_t>(send_counts[me]));
  for (int j = 0; j < p; ++j)
    if (inline_data[j] && recv_counts[j] > 0)
      superstep::copy_block(out + recv_displs[j], inline_data[j],
                            static_cast<std::size_t>(recv_counts[j]));
  if (!by_put && !others_put) return;

  Registrations regs(name);
  char* area = regs.push(e.dst_bytes > 0 ? dst : nullptr, e.dst_bytes);
  regs.sync_registered();
  if (by_put)
    for (int k = 1; k < p; ++k) {
      const int to = (me + k) % p;
      if (send_counts[to] > 0)
        put_stable(to, from + send_displs[to], area, displ_at[to], send_counts[to]);
    }
  bsp_sync();
}
