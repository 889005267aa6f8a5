// bsp_broadcast. Direct: the root puts all n bytes to every process (h = (p-1)n,
// one data superstep). Two-phase: the root scatters n/p bytes to each process,
// then each process puts its block to all others (h about 2n, two supersteps),
// which wins once n*g outweighs a superstep.
#include <bsp_level1.h>

#include <cstring>

#include "level1/cost_model.hpp"
#include "level1/steps.hpp"
#include "util/block_copy.hpp"

namespace superstep::level1 {
namespace {

// Plain puts (not put_stable): the broadcast's source is the registered area
// it fills elsewhere, and sent from there as bsp_hpput on the MPI engine it
// measured about three times slower (docs/performance.md, The level-1
// collectives).

void broadcast_direct(int root, const void* src, char* dst, long long n) {
  const int p = bsp_nprocs();
  if (bsp_pid() == root)
    for (int j = 0; j < p; ++j)
      if (j != root) bsp_put(j, src, dst, 0, static_cast<int>(n));
  bsp_sync();
}

void broadcast_two_phase(int root, char* dst, long long n) {
  const int p = bsp_nprocs(), me = bsp_pid();
  if (me == root)
    for (int j = 0; j < p; ++j) {
      Block b = block_of(n, p, j);
      if (j != root && b.length > 0)
        bsp_put(j, dst + b.start, dst, static_cast<int>(b.start), static_cast<int>(b.length));
    }
  bsp_sync();
  // Every process, the root too, hands its block to the others but the root.
  Block mine = block_of(n, p, me);
  if (mine.length > 0)
    for (int j = 0; j < p; ++j)
      if (j != me && j != root)
        bsp_put(j, dst + mine.start, dst, static_cast<int>(mine.start),
                static_cast<int>(mine.length));
  bsp_sync();
}

// Messages: the root sends n bytes to every other process; one superstep, no
// registration.
void broadcast_by_messages(const char* name, int root, const void* src, char* dst, long long n) {
  MessageRound round(name);
  if (bsp_pid() == root)
    for (int j = 0; j < bsp_nprocs(); ++j)
      if (j != root) round.send(j, src, n);
  round.deliver(bsp_pid() == root ? 0 : 1);
  if (bsp_pid() == root) {
    if (src != dst) superstep::copy_block(dst, src, static_cast<std::size_t>(n));
    return;
  }
  superstep::copy_block(dst, round.next(root, n), static_cast<std::size_t>(n));
}

}  // namespace
}  // namespace superstep::level1

extern "C" void bsp_broadcast(int root, const void* src, void* dst, int nbytes) {
  using namespace superstep::level1;
  const char* name = "bsp_broadcast";
  check_call(name, nbytes, 1);
  check_root(name, root);
  const int p = bsp_nprocs();
  const long long n = nbytes;
  // Puts or sends: the root's p - 1 puts; p - 1 per phase; the root's p - 1 sends.
  Cost direct{2, double(p - 1) * n, 0, 0, double(p - 1)};
  Cost two_phase{3, 2.0 * (p - 1) * block_of(n, p, 0).length, 0, 0, 2.0 * (p - 1)};
  // Messages: one copy out of the queue on every receiver (none at p = 1).
  Cost messages{1, double(p - 1) * n, 0, p > 1 ? double(n) : 0, 0, double(p - 1), double(n)};
  Algorithm a = choose(name, n, direct, two_phase, messages);
  if (a == Algorithm::messages && n > 0) {
    if (bsp_pid() == root) check_area(name, "src", src, n);
    check_area(name, "dst", dst, n);
    return broadcast_by_messages(name, root, src, static_cast<char*>(dst), n);
  }
  Registrations regs(name);
  if (n == 0) return regs.sync_registered();
  if (bsp_pid() == root) check_area(name, "src", src, n);
  check_area(name, "dst", dst, n);
  char* out = static_cast<char*>(dst);
  // The root's own copy first: src and dst may be the same area.
  if (bsp_pid() == root && src != dst) superstep::copy_block(out, src, static_cast<std::size_t>(n));
  regs.push(out, n);
  regs.sync_registered();
  if (a == Algorithm::direct)
    broadcast_direct(root, out, out, n);
  else
    broadcast_two_phase(root, out, n);
}
