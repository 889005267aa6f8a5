// bsp.hpp at work: bsp::run returns on process 0 with results captured by
// reference; registrations push and pop by scope; typed put, get, hpput and
// hpget at element offsets; typed send and message iteration; coarray puts and
// get futures; the collectives' C++ wrappers against sequential results with
// a non-commutative operator; all of it again on teams. Prints PASS from process 0 after run
// returns.
#include <array>
#include <bsp.hpp>
#include <cstdio>
#include <functional>
#include <numeric>
#include <span>
#include <vector>

#define CHECK(cond) \
  ((cond) ? void() : bsp_abort("%s:%d: check failed: %s", __FILE__, __LINE__, #cond))

namespace {

void registrations(bsp::context& ctx) {
  const int p = ctx.nprocs(), me = ctx.pid(), next = (me + 1) % p;
  std::vector<int> v(7, -1);
  {
    bsp::registration r(ctx, v);  // CTAD: registration<int>
    ctx.sync();
    const std::array<int, 3> three{me, me + 10, me + 20};
    r.put(next, std::span<const int>(three), 2);  // elements 2..4 of next's v
    const int stays = 100 + me;                   // hpput reads its source up to the sync
    r.hpput(next, std::span<const int>(&stays, 1), 6);
    ctx.sync();
    const int prev = (me + p - 1) % p;
    CHECK(v[0] == -1 && v[1] == -1 && v[2] == prev && v[3] == prev + 10 && v[4] == prev + 20);
    CHECK(v[5] == -1 && v[6] == 100 + prev);
    std::array<int, 2> got{};
    r.get(next, 3, std::span<int>(got));
    int single = 0;
    r.get(next, 6, single);
    int hp = 0;
    r.hpget(next, 2, std::span<int>(&hp, 1));
    ctx.sync();
    CHECK(got[0] == me + 10 && got[1] == me + 20 && single == 100 + me && hp == me);

    // Moving hands the registration on: one pop, by the new owner.
    bsp::registration moved = std::move(r);
    CHECK(!r.registered() && moved.registered());
    moved.pop();
    moved.pop();  // a second pop does nothing
    CHECK(!moved.registered());
  }  // destructors pop nothing more: a double pop would stop the program
  ctx.sync();
  // A scalar registration.
  double x = 0;
  bsp::registration rx(ctx, x);
  ctx.sync();
  rx.put(next, 0.5 * me);
  ctx.sync();
  CHECK(x == 0.5 * ((me + p - 1) % p));
}

struct Key {
  int from;
};
struct Point {
  double x, y;
};

void messages(bsp::context& ctx) {
  const int p = ctx.nprocs(), me = ctx.pid();
  ctx.set_tag_size<Key>();
  ctx.sync();
  for (int k = 0; k < 2; ++k)
    for (int to = 0; to < p; ++to) ctx.send(to, Key{me}, Point{double(me), double(k)});
  ctx.sync();
  CHECK(ctx.queue_size().first == 2 * p);
  int n = 0;
  for (auto& [tag, value] : ctx.messages<Key, Point>()) {
    // Queue order: source pid, then send order.
    CHECK(tag.from == n / 2 && value.x == n / 2 && value.y == n % 2);
    ++n;
  }
  CHECK(n == 2 * p && ctx.queue_size().first == 0);
  ctx.set_tag_size<char>();  // back to a small tag for what follows
  ctx.sync();
}

void coarrays(bsp::context& ctx) {
  const int p = ctx.nprocs(), me = ctx.pid(), next = (me + 1) % p;
  bsp::coarray<long> a(ctx, 5, -1);
  CHECK(a.size() == 5 && a[4] == -1);
  a(next)[me % 5] = 1000 + me;
  ctx.sync();
  const int prev = (me + p - 1) % p;
  CHECK(a[prev % 5] == 1000 + prev);
  auto f = a(next)[me % 5].get();
  std::array<long, 2> slice{};
  a(next).get(3, std::span<long>(slice));
  ctx.sync();
  CHECK(f.value() == 1000 + me);
  a(next).put(std::span<const long>(slice), 0);
  ctx.sync();
  auto local = a.local();
  CHECK(local.size() == 5);
}

// x -> a*x + b modulo 2^32; op(f, g) is "f, then g": not commutative.
struct Affine {
  unsigned a, b;
  bool operator==(const Affine&) const = default;
};
Affine then(Affine f, Affine g) { return {g.a * f.a, g.a * f.b + g.b}; }
Affine value(int pid, int e) { return {2u * unsigned(pid * 131 + e * 7) + 1u, unsigned(pid + e)}; }
Affine fold(int first, int last, int e) {
  Affine acc = value(first, e);
  for (int r = first + 1; r <= last; ++r) acc = then(acc, value(r, e));
  return acc;
}

void collectives(bsp::context& ctx) {
  const int p = ctx.nprocs(), me = ctx.pid();
  CHECK(bsp::broadcast(ctx, me == p - 1 ? 42 : 0, p - 1) == 42);
  CHECK(bsp::allreduce(ctx, me + 1, std::plus<>{}) == p * (p + 1) / 2);
  for (int count : {0, 1, 5, 333}) {
    std::vector<Affine> in(count), out(count);
    for (int e = 0; e < count; ++e) in[e] = value(me, e);
    bsp::allreduce(ctx, std::span<const Affine>(in), std::span<Affine>(out), then);
    for (int e = 0; e < count; ++e) CHECK(out[e] == fold(0, p - 1, e));
    bsp::inclusive_scan(ctx, std::span<const Affine>(in), std::span<Affine>(out), then);
    for (int e = 0; e < count; ++e) CHECK(out[e] == fold(0, me, e));
    bsp::exclusive_scan(ctx, std::span<const Affine>(in), std::span<Affine>(out), then);
    for (int e = 0; e < count && me > 0; ++e) CHECK(out[e] == fold(0, me - 1, e));
    std::vector<Affine> at_root(count, Affine{7, 7});
    bsp::reduce(ctx, std::span<const Affine>(in), std::span<Affine>(at_root), then, p / 2);
    for (int e = 0; e < count; ++e)
      CHECK(at_root[e] == (me == p / 2 ? fold(0, p - 1, e) : Affine{7, 7}));
  }
  std::vector<int> all = bsp::allgather(ctx, me * me);
  for (int q = 0; q < p; ++q) CHECK(all[q] == q * q);
  std::vector<int> two{me, -me}, gathered(2 * p);
  bsp::gather(ctx, std::span<const int>(two), std::span<int>(gathered), 0);
  for (int q = 0; q < p && me == 0; ++q) CHECK(gathered[2 * q] == q && gathered[2 * q + 1] == -q);
  std::vector<int> from_root(2);
  bsp::scatter(ctx, std::span<const int>(gathered), std::span<int>(from_root), 0);
  CHECK(from_root[0] == me && from_root[1] == -me);
  std::vector<int> blocks(p), received(p);
  std::iota(blocks.begin(), blocks.end(), me * 100);
  bsp::alltoall(ctx, std::span<const int>(blocks), std::span<int>(received));
  for (int q = 0; q < p; ++q) CHECK(received[q] == q * 100 + me);
}

// Everything above again on teams (ctx.split): the processes by parity, ordered backwards, then
// back in the whole machine, whose tag size set before the split took effect at it.
void teams(bsp::context& ctx) {
  const int p = ctx.nprocs(), me = ctx.pid();
  ctx.set_tag_size<long>();
  {
    bsp::team half = ctx.split(me % 2, -me);
    CHECK(half.nprocs() == (me % 2 == 0 ? (p + 1) / 2 : p / 2));
    registrations(half);
    messages(half);
    coarrays(half);
    collectives(half);
    bsp::team alone = half.split(half.pid());
    CHECK(alone.nprocs() == 1 && alone.pid() == 0);
  }
  CHECK(ctx.pid() == me && ctx.nprocs() == p);
  const long tag = me;
  ctx.send((me + 1) % p, tag, 2.5);
  ctx.sync();
  for (auto& [from, value] : ctx.messages<long, double>())
    CHECK(from == (me + p - 1) % p && value == 2.5);
}

}  // namespace

int main() {
  int nprocs_seen = 0;
  double sum_on_zero = 0;
  bsp::run(bsp_nprocs(), [&](bsp::context& ctx) {
    registrations(ctx);
    messages(ctx);
    coarrays(ctx);
    collectives(ctx);
    teams(ctx);
    // C and C++ calls mix: a C collective on the C++ context's process.
    double total = bsp_sumD(ctx.pid() + 1.0);
    if (ctx.pid() == 0) nprocs_seen = ctx.nprocs(), sum_on_zero = total;
  });
  // Only process 0 gets here, with what it captured by reference.
  const int p = nprocs_seen;
  if (p < 1 || sum_on_zero != p * (p + 1) / 2.0) {
    std::printf("FAIL: run left nprocs %d, sum %g\n", p, sum_on_zero);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
