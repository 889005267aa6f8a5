// put_array.cpp - the paper's put_array (section 3.2.3) in the C++ style;
// prints exactly what put_array.c prints.
//
// xs holds a block of a permutation of 0..n-1; afterwards element xs[i] of
// the whole array sits at global index xs[i]. Each process owns n/p elements.
#include <bsp.hpp>
#include <cstdio>
#include <span>
#include <vector>

void put_array(bsp::context& ctx, std::vector<int>& xs, int n) {
  const int p = ctx.nprocs(), n_over_p = n / p;
  if (n % p != 0) bsp_abort("{put_array} n=%d not divisible by p=%d", n, p);
  bsp::registration reg(ctx, xs);
  ctx.sync();
  for (int x : std::vector<int>(xs))  // a copy: puts read their source now anyway
    reg.put(x / n_over_p, x, static_cast<std::size_t>(x % n_over_p));
  ctx.sync();
}

int main() {
  bsp::run(bsp_nprocs(), [](bsp::context& ctx) {
    const int n_over_p = 3;
    const int p = ctx.nprocs(), s = ctx.pid(), n = n_over_p * p;
    std::vector<int> xs(n_over_p);
    for (int i = 0; i < n_over_p; ++i) xs[i] = n - 1 - (s * n_over_p + i);

    put_array(ctx, xs, n);

    std::printf("process %d holds xs[%d..%d] =", s, s * n_over_p, s * n_over_p + n_over_p - 1);
    for (int x : xs) std::printf(" %d", x);
    std::printf("\n");
  });
  return 0;
}
