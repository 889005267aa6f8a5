// The C++ wrapper: bsp.h from C++, and a program in MulticoreBSP style.
#include <mcbsp.h>

#include <cstdio>
#include <vector>

int main() {
  bsp_begin(bsp_nprocs());
  bsp_pid_t p = bsp_nprocs();
  std::vector<bsp_size_t> sizes(p);
  bsp_push_reg(sizes.data(), p * sizeof(bsp_size_t));
  bsp_sync();
  bsp_size_t mine = bsp_pid();
  bsp_put(0, &mine, sizes.data(), bsp_pid() * sizeof(bsp_size_t), sizeof mine);
  bsp_sync();
  bsp_size_t sum = 0;
  for (bsp_size_t v : sizes) sum += v;
  if (bsp_pid() == 0) std::printf("bspc++ consumer: sum of pids = %zu\n", sum);
  bsp_pop_reg(sizes.data());
  bsp_end();
  return 0;
}
