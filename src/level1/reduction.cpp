// Direct: every process puts its whole vector to each process that needs it
// (h = (p-1)n, one data superstep) and those combine p vectors locally.
// Two-phase: the vectors are cut into p blocks; process j collects block j of
// every process, combines them in rank order and puts each result block to
// the processes that need it (h about 2n, two data supersteps, and each
// process combines n/p elements p times instead of n elements p times).
//
// Each process registers one scratch area: [result: count elements]
// [contributions: p slots of the block it collects]. The result comes first
// so that its offset is the same on every process.
#include "level1/reduction.hpp"

#include <cstring>
#include <vector>

#include "level1/cost_model.hpp"
#include "level1/steps.hpp"
#include "util/block_copy.hpp"
#include "util/errors.hpp"

namespace superstep::level1 {
namespace {

// Whether process `to` needs the contribution of rank `from`.
bool needs(Reduction kind, int root, int to, int from) {
  switch (kind) {
    case Reduction::reduce:
      return to == root;
    case Reduction::allreduce:
      return true;
    case Reduction::scan_inclusive:
      return from <= to;
    case Reduction::scan_exclusive:
      return from < to;
  }
  return false;
}

// Whether process `to` receives a result at all.
bool has_result(Reduction kind, int root, int to) {
  return kind == Reduction::reduce ? to == root : kind != Reduction::scan_exclusive || to > 0;
}

struct Call {
  Reduction kind;
  int root, p, me;
  long long count, size;
  bsp_combine_fn op;
  void* arg;
};

// Puts `length` elements from `from` to the result area of `to` at element `start`.
void put_result(const Call& c, int to, const char* from, char* scratch, long long start,
                long long length) {
  if (length == 0) return;
  if (to == c.me)
    superstep::copy_block(scratch + start * c.size, from,
                          static_cast<std::size_t>(length * c.size));
  else
    bsp_put(to, from, scratch, static_cast<int>(start * c.size),
            static_cast<int>(length * c.size));  // copied at the call: a scan combines on
}

void direct(const Call& c, const char* src, char* scratch) {
  const long long n = c.count * c.size;
  char* slots = scratch + n;
  for (int to = 0; to < c.p; ++to)
    if (needs(c.kind, c.root, to, c.me)) {
      if (to == c.me)
        superstep::copy_block(slots + c.me * n, src, static_cast<std::size_t>(n));
      else
        put_stable(to, src, scratch, n + c.me * n, n);  // results land in scratch only
    }
  bsp_sync();
  if (!has_result(c.kind, c.root, c.me)) return;
  bool first = true;
  for (int from = 0; from < c.p; ++from) {
    if (!needs(c.kind, c.root, c.me, from)) continue;
    if (first)
      superstep::copy_block(scratch, slots + from * n, static_cast<std::size_t>(n));
    else
      c.op(scratch, slots + from * n, static_cast<int>(c.count), c.arg);
    first = false;
  }
}

// Messages: like direct, but the vectors travel as BSMP messages, so nothing
// is registered and the whole collective is one superstep. The result is
// combined in dst itself, unless dst overlaps src where src is still to be
// read (then aside): at p = 1 the call is one copy, or none in place.
void by_messages(const char* name, const Call& c, const char* src, char* dst) {
  const long long n = c.count * c.size;
  MessageRound round(name);
  int expected = 0;
  for (int q = 0; q < c.p; ++q) {
    if (q == c.me) continue;
    if (needs(c.kind, c.root, q, c.me)) round.send(q, src, n);
    if (needs(c.kind, c.root, c.me, q)) ++expected;
  }
  round.deliver(expected);
  if (!has_result(c.kind, c.root, c.me)) return;
  int first_from = 0;
  while (!needs(c.kind, c.root, c.me, first_from)) ++first_from;
  const bool own_needed = needs(c.kind, c.root, c.me, c.me);
  // Aside where src is still to be read after something is written over it: unless the
  // combining starts in place with src itself.
  const bool aside = overlap(src, n, dst, n) && own_needed && !(src == dst && first_from == c.me);
  char* acc = aside ? reused<char, Use::combined>(static_cast<std::size_t>(n)).data() : dst;
  for (int from = first_from; from < c.p; ++from) {
    if (!needs(c.kind, c.root, c.me, from)) continue;
    const char* value = from == c.me ? src : round.next(from, n);
    if (from == first_from) {
      if (value != acc) superstep::copy_block(acc, value, static_cast<std::size_t>(n));
    } else {
      c.op(acc, value, static_cast<int>(c.count), c.arg);
    }
  }
  if (aside) superstep::copy_block(dst, acc, static_cast<std::size_t>(n));
}

void two_phase(const Call& c, const char* src, char* scratch) {
  const long long n = c.count * c.size;
  char* slots = scratch + n;
  // Phase 1: block j of my vector to process j's slot for my rank.
  for (int j = 0; j < c.p; ++j) {
    Block b = block_of(c.count, c.p, j);
    if (b.length == 0) continue;
    const char* from = src + b.start * c.size;
    long long offset = n + c.me * b.length * c.size;
    if (j == c.me)
      superstep::copy_block(scratch + offset, from, static_cast<std::size_t>(b.length * c.size));
    else
      put_stable(j, from, scratch, offset, b.length * c.size);
  }
  bsp_sync();
  // Phase 2: combine my block over the ranks in order; hand each process its result.
  Block mine = block_of(c.count, c.p, c.me);
  if (mine.length > 0) {
    const long long bytes = mine.length * c.size;
    std::vector<char>& acc = reused<char, Use::block>(static_cast<std::size_t>(bytes));
    superstep::copy_block(acc.data(), slots, static_cast<std::size_t>(bytes));
    for (int rank = 0; rank < c.p; ++rank) {
      if (rank > 0) {
        // Results that end before `rank` (the exclusive scan of rank) go out first.
        if (c.kind == Reduction::scan_exclusive)
          put_result(c, rank, acc.data(), scratch, mine.start, mine.length);
        c.op(acc.data(), slots + rank * bytes, static_cast<int>(mine.length), c.arg);
      }
      if (c.kind == Reduction::scan_inclusive)
        put_result(c, rank, acc.data(), scratch, mine.start, mine.length);
    }
    if (c.kind == Reduction::reduce)
      put_result(c, c.root, acc.data(), scratch, mine.start, mine.length);
    if (c.kind == Reduction::allreduce)
      for (int to = 0; to < c.p; ++to)
        put_result(c, to, acc.data(), scratch, mine.start, mine.length);
  }
  bsp_sync();
}

}  // namespace

void reduction(const char* name, Reduction kind, int root, const void* src, void* dst, int count,
               int size, bsp_combine_fn op, void* arg) {
  check_call(name, count, size);
  if (kind == Reduction::reduce) check_root(name, root);
  const int p = bsp_nprocs(), me = bsp_pid();
  Call c{kind, root, p, me, count, size, op, arg};
  const long long n = c.count * c.size;
  const long long block = block_of(c.count, p, 0).length * c.size;
  // The model's h: the most a process sends or receives in a data superstep.
  // Direct: (p-1)n into the root (reduce) or out of rank 0 (the scans); a
  // process combines p - 1 vectors and copies three (its own into its slot,
  // the first into the result, the result out).
  // Two-phase: (p-1) blocks out and in per phase; p - 1 blocks combined, three
  // copied, and the result copied out.
  // Messages: direct's h and combining, one superstep less; the vectors are
  // combined straight out of the queue, and one copied (none is copied out of
  // the queue into place).
  // Puts or sends: p - 1 into the root (or out of rank 0), p - 1 per phase.
  Cost direct_cost{2, double(p - 1) * n, double(p + 2) * n, 0, double(p - 1)};
  Cost two_phase_cost{3, 2.0 * (p - 1) * block, double(p + 2) * block + double(n), 0,
                      2.0 * (p - 1)};
  Cost messages_cost{1, double(p - 1) * n, double(p) * n, 0, 0, double(p - 1)};
  Algorithm a = choose(name, n, direct_cost, two_phase_cost, messages_cost);
  if (a == Algorithm::messages && n > 0) {
    if (!op) usage_error(name, "the operator is NULL; pass a combining function");
    check_area(name, "src", src, n);
    if (has_result(kind, root, me)) check_area(name, "dst", dst, n);
    return by_messages(name, c, static_cast<const char*>(src), static_cast<char*>(dst));
  }
  Registrations regs(name);
  if (n == 0) return regs.sync_registered();
  if (!op) usage_error(name, "the operator is NULL; pass a combining function");
  check_area(name, "src", src, n);
  const bool result_here = has_result(kind, root, me);
  if (result_here) check_area(name, "dst", dst, n);
  // Direct: only a process with a result collects (whole vectors); two-phase: all (their block).
  const long long slot = a == Algorithm::two_phase ? block_of(c.count, p, me).length * c.size
                         : result_here             ? n
                                                   : 0;
  std::vector<char>& scratch =
      reused<char, Use::registered>(static_cast<std::size_t>(n + p * slot));
  regs.push(scratch.data(), static_cast<long long>(scratch.size()));
  regs.sync_registered();
  if (a == Algorithm::direct)
    direct(c, static_cast<const char*>(src), scratch.data());
  else
    two_phase(c, static_cast<const char*>(src), scratch.data());
  if (result_here) superstep::copy_block(dst, scratch.data(), static_cast<std::size_t>(n));
}

}  // namespace superstep::level1

using superstep::level1::Reduction;
using superstep::level1::reduction;

extern "C" {

void bsp_reduce(int root, const void* src, void* dst, int count, int size, bsp_combine_fn op,
                void* arg) {
  reduction("bsp_reduce", Reduction::reduce, root, src, dst, count, size, op, arg);
}

void bsp_allreduce(const void* src, void* dst, int count, int size, bsp_combine_fn op, void* arg) {
  reduction("bsp_allreduce", Reduction::allreduce, 0, src, dst, count, size, op, arg);
}

void bsp_scan_inclusive(const void* src, void* dst, int count, int size, bsp_combine_fn op,
                        void* arg) {
  reduction("bsp_scan_inclusive", Reduction::scan_inclusive, 0, src, dst, count, size, op, arg);
}

void bsp_scan_exclusive(const void* src, void* dst, int count, int size, bsp_combine_fn op,
                        void* arg) {
  reduction("bsp_scan_exclusive", Reduction::scan_exclusive, 0, src, dst, count, size, op, arg);
}

}  // extern "C"
