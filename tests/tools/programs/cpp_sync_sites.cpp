// A C++ program built with plain `bspc++ prog.cpp` (no -std=): bsp.hpp needs C++20, which
// bspc++ adds. Its supersteps end at the lines marked SYNC-A (ctx.sync()) and SYNC-B (a
// coarray's constructor), which a profile must name (tests/tools/bspcxx_profile_sites.sh).
#include <bsp.hpp>

#include <cstdio>

int main() {
  bsp::run(2, [](bsp::context& ctx) {
    int value = ctx.pid();
    bsp::registration r(ctx, value);
    ctx.sync();  // SYNC-A
    bsp::coarray<int> a(ctx, 4);  // SYNC-B
    a(0)[static_cast<std::size_t>(ctx.pid())] = value;
    ctx.sync();  // SYNC-A
    if (ctx.pid() == 0) std::printf("sum %d\n", a[0] + a[1]);
  });
  return 0;
}
