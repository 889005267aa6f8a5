// reverse.cpp - the paper's reverse function (section 3.2.2) in the C++ style;
// prints exactly what reverse.c prints.
//
// The registration lives as long as the scope: it is popped when reverse
// returns, after the put has landed at the sync.
#include <bsp.hpp>
#include <cstdio>

int reverse(bsp::context& ctx, int x) {
  bsp::registration reg(ctx, x);
  ctx.sync();
  reg.put(ctx.nprocs() - ctx.pid() - 1, x);
  ctx.sync();
  return x;
}

int main() {
  bsp::run(bsp_nprocs(), [](bsp::context& ctx) {
    int x = 100 + ctx.pid();
    int reversed = reverse(ctx, x);
    std::printf("process %d: reverse(%d) = %d\n", ctx.pid(), x, reversed);
  });
  return 0;
}
