// bsp_sum.cpp - the paper's bsp_sum (section 3.3.2) in the C++ style; prints
// exactly what bsp_sum.c prints.
//
// The paper's version registers a local sum and fetches everybody's with
// bsp_hpget; in C++ the level-1 allreduce does the same job (and picks its
// algorithm with the cost model).
#include <bsp.hpp>
#include <cstdio>
#include <functional>
#include <numeric>
#include <vector>

int sum(bsp::context& ctx, const std::vector<int>& xs) {
  return bsp::allreduce(ctx, std::accumulate(xs.begin(), xs.end(), 0), std::plus<>{});
}

int main() {
  bsp::run(bsp_nprocs(), [](bsp::context& ctx) {
    const int s = ctx.pid();
    std::vector<int> xs(static_cast<std::size_t>(s + 1));
    std::iota(xs.begin(), xs.end(), 1);  // process s passes 1, 2, ..., s+1
    std::printf("process %d: bsp_sum = %d\n", s, sum(ctx, xs));
  });
  return 0;
}
