// bsp_gather, bsp_allgather, bsp_scatter, bsp_alltoall: every block goes
// straight to where it belongs, in one data superstep. Each is h-optimal in the
// BSP model (the root must receive or send (p-1)n bytes; in a total exchange
// every process must), so splitting the data over more supersteps would add l
// and never lower h. What the cost model chooses is how the blocks travel:
// direct puts into the registered destination (a superstep to register it
// first, no copy) or BSMP messages (one superstep in all, one copy more out of
// the queue), which wins while l outweighs the copy.
#include <bsp_level1.h>

#include <cstring>
#include <optional>

#include "level1/cost_model.hpp"
#include "level1/steps.hpp"
#include "util/block_copy.hpp"

using namespace superstep::level1;

namespace {

// `n` bytes at `from` to block `at` of dst on process `to`. `stable`: no write
// of this superstep touches `from` (then put_stable may send it from there).
void place(int to, const char* from, char* dst, long long at, long long n, bool stable) {
  if (to == bsp_pid())
    superstep::copy_block(dst + at * n, from, static_cast<std::size_t>(n));
  else if (stable)
    put_stable(to, from, dst, at * n, n);
  else
    bsp_put(to, from, dst, static_cast<int>(at * n), static_cast<int>(n));
}

// Direct: {registration, data} supersteps, h = (p-1)n; messages: one superstep,
// the same h, and the (p-1)n bytes that arrive copied out of the queue once more.
Algorithm choose_for(const char* name, long long traced_bytes, long long n) {
  const double h = double(bsp_nprocs() - 1) * n;
  const double others = double(bsp_nprocs() - 1);  // messages into the busiest process
  return choose(name, traced_bytes, Cost{2, h, 0, 0, others}, std::nullopt,
                Cost{1, h, 0, h, 0, others, double(n)});
}

// The start the four share: the call checked (and its root, where it has
// one), then how the blocks travel: by_messages needs bytes; else by direct
// puts. The trace counts n bytes, or p blocks of n with trace_every_block.
struct Start {
  bool by_messages;
  int p, me;
  long long n;
};
Start start(const char* name, int nbytes, std::optional<int> root, bool trace_every_block) {
  check_call(name, nbytes, 1);
  if (root) check_root(name, *root);
  const int p = bsp_nprocs();
  const long long n = nbytes;
  const long long traced = trace_every_block ? n * p : n;
  return {choose_for(name, traced, n) == Algorithm::messages && n > 0, p, bsp_pid(), n};
}

// This process's block (from `own`) to its place in dst, then the messages
// that arrived, in source order, to theirs.
void take_blocks(MessageRound& round, void* dst, long long n, const void* own) {
  char* out = static_cast<char*>(dst);
  const int me = bsp_pid();
  superstep::copy_block(out + me * n, own, static_cast<std::size_t>(n));
  for (int from = 0; from < bsp_nprocs(); ++from) {
    if (from == me) continue;
    superstep::copy_block(out + from * n, round.next(from, n), static_cast<std::size_t>(n));
  }
}

}  // namespace

extern "C" {

void bsp_gather(int root, const void* src, void* dst, int nbytes) {
  const char* name = "bsp_gather";
  const auto [by_messages, p, me, n] = start(name, nbytes, root, false);
  if (by_messages) {
    check_area(name, "src", src, n);
    if (me == root) check_area(name, "dst", dst, p * n);
    MessageRound round(name);
    if (me != root) round.send(root, src, n);
    round.deliver(me == root ? p - 1 : 0);
    if (me != root) return;
    return take_blocks(round, dst, n, src);
  }
  Registrations regs(name);
  if (n == 0) return regs.sync_registered();
  check_area(name, "src", src, n);
  if (me == root) check_area(name, "dst", dst, p * n);
  char* area = regs.push(me == root ? dst : nullptr, me == root ? p * n : 0);
  regs.sync_registered();
  // Only the root's dst is written, and the root's own block by itself.
  place(root, static_cast<const char*>(src), area, me, n, me != root);
  bsp_sync();
}

void bsp_allgather(const void* src, void* dst, int nbytes) {
  const char* name = "bsp_allgather";
  const auto [by_messages, p, me, n] = start(name, nbytes, std::nullopt, false);
  if (by_messages) {
    check_area(name, "src", src, n);
    check_area(name, "dst", dst, p * n);
    MessageRound round(name);
    for (int k = 1; k < p; ++k) round.send((me + k) % p, src, n);  // copied at the call
    round.deliver(p - 1);
    return take_blocks(round, dst, n, src);
  }
  Registrations regs(name);
  if (n == 0) return regs.sync_registered();
  check_area(name, "src", src, n);
  check_area(name, "dst", dst, p * n);
  regs.push(dst, p * n);
  regs.sync_registered();
  // Others first: the own block may overwrite src where src lies inside dst.
  const bool stable = !overlap(src, n, dst, p * n);
  for (int k = 1; k <= p; ++k)
    place((me + k) % p, static_cast<const char*>(src), static_cast<char*>(dst), me, n, stable);
  bsp_sync();
}

void bsp_scatter(int root, const void* src, void* dst, int nbytes) {
  const char* name = "bsp_scatter";
  const auto [by_messages, p, me, n] = start(name, nbytes, root, false);
  if (by_messages) {
    if (me == root) check_area(name, "src", src, p * n);
    check_area(name, "dst", dst, n);
    MessageRound round(name);
    const char* in = static_cast<const char*>(src);
    if (me == root)
      for (int to = 0; to < p; ++to)
        if (to != root) round.send(to, in + to * n, n);
    round.deliver(me == root ? 0 : 1);
    if (me == root) {
      superstep::copy_block(dst, in + me * n, static_cast<std::size_t>(n));
      return;
    }
    superstep::copy_block(dst, round.next(root, n), static_cast<std::size_t>(n));
    return;
  }
  Registrations regs(name);
  if (n == 0) return regs.sync_registered();
  if (me == root) check_area(name, "src", src, p * n);
  check_area(name, "dst", dst, n);
  regs.push(dst, n);
  regs.sync_registered();
  const bool stable = !overlap(src, p * n, dst, n);
  if (me == root)
    for (int k = 1; k <= p; ++k) {
      int to = (me + k) % p;
      place(to, static_cast<const char*>(src) + to * n, static_cast<char*>(dst), 0, n, stable);
    }
  bsp_sync();
}

void bsp_alltoall(const void* src, void* dst, int nbytes) {
  const char* name = "bsp_alltoall";
  const auto [by_messages, p, me, n] = start(name, nbytes, std::nullopt, true);
  if (by_messages) {
    check_area(name, "src", src, p * n);
    check_area(name, "dst", dst, p * n);
    MessageRound round(name);
    const char* in = static_cast<const char*>(src);
    for (int k = 1; k < p; ++k) {
      int to = (me + k) % p;
      round.send(to, in + to * n, n);  // copied at the call: src may be dst
    }
    round.deliver(p - 1);
    return take_blocks(round, dst, n, in + me * n);
  }
  Registrations regs(name);
  if (n == 0) return regs.sync_registered();
  check_area(name, "src", src, p * n);
  check_area(name, "dst", dst, p * n);
  regs.push(dst, p * n);
  regs.sync_registered();
  const bool stable = !overlap(src, p * n, dst, p * n);
  for (int k = 1; k <= p; ++k) {
    int to = (me + k) % p;
    place(to, static_cast<const char*>(src) + to * n, static_cast<char*>(dst), me, n, stable);
  }
  bsp_sync();
}

}  // extern "C"
