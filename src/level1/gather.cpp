// bsp_gather, bsp_allgather, bsp_scatter, bsp_alltoall: one data superstep in
// which every block goes straight to where it belongs. Each is h-optimal in
// the BSP model (the root must receive or send (p-1)n bytes; in a total
// exchange every process must), so the cost model has nothing to choose:
// splitting the data in more supersteps adds l and never lowers h. The
// choice is still traced, so BSP_COLLECTIVE_TRACE shows every collective.
#include <bsp_level1.h>

#include <cstring>

#include "level1/cost_model.hpp"
#include "level1/steps.hpp"

using namespace superstep::level1;

namespace {

// Block `block` of `n` bytes at `from` to block `at` of dst on process `to`.
void place(int to, const char* from, char* dst, long long at, long long n) {
  if (to == bsp_pid())
    std::memmove(dst + at * n, from, static_cast<std::size_t>(n));
  else
    bsp_put(to, from, dst, static_cast<int>(at * n), static_cast<int>(n));
}

}  // namespace

extern "C" {

void bsp_gather(int root, const void* src, void* dst, int nbytes) {
  const char* name = "bsp_gather";
  check_call(name, nbytes, 1);
  check_root(name, root);
  const int p = bsp_nprocs(), me = bsp_pid();
  const long long n = nbytes;
  choose(name, n, Cost{2, double(p - 1) * n, 0}, std::nullopt);
  Registrations regs(name);
  if (n == 0) return regs.sync_registered();
  check_area(name, "src", src, n);
  if (me == root) check_area(name, "dst", dst, p * n);
  char* area = regs.push(me == root ? dst : nullptr, me == root ? p * n : 0);
  regs.sync_registered();
  place(root, static_cast<const char*>(src), area, me, n);
  bsp_sync();
}

void bsp_allgather(const void* src, void* dst, int nbytes) {
  const char* name = "bsp_allgather";
  check_call(name, nbytes, 1);
  const int p = bsp_nprocs(), me = bsp_pid();
  const long long n = nbytes;
  choose(name, n, Cost{2, double(p - 1) * n, 0}, std::nullopt);
  Registrations regs(name);
  if (n == 0) return regs.sync_registered();
  check_area(name, "src", src, n);
  check_area(name, "dst", dst, p * n);
  regs.push(dst, p * n);
  regs.sync_registered();
  // Others first: the own block may overwrite src where src lies inside dst.
  for (int k = 1; k <= p; ++k)
    place((me + k) % p, static_cast<const char*>(src), static_cast<char*>(dst), me, n);
  bsp_sync();
}

void bsp_scatter(int root, const void* src, void* dst, int nbytes) {
  const char* name = "bsp_scatter";
  check_call(name, nbytes, 1);
  check_root(name, root);
  const int p = bsp_nprocs(), me = bsp_pid();
  const long long n = nbytes;
  choose(name, n, Cost{2, double(p - 1) * n, 0}, std::nullopt);
  Registrations regs(name);
  if (n == 0) return regs.sync_registered();
  if (me == root) check_area(name, "src", src, p * n);
  check_area(name, "dst", dst, n);
  regs.push(dst, n);
  regs.sync_registered();
  if (me == root)
    for (int k = 1; k <= p; ++k) {
      int to = (me + k) % p;
      place(to, static_cast<const char*>(src) + to * n, static_cast<char*>(dst), 0, n);
    }
  bsp_sync();
}

void bsp_alltoall(const void* src, void* dst, int nbytes) {
  const char* name = "bsp_alltoall";
  check_call(name, nbytes, 1);
  const int p = bsp_nprocs(), me = bsp_pid();
  const long long n = nbytes;
  choose(name, n * p, Cost{2, double(p - 1) * n, 0}, std::nullopt);
  Registrations regs(name);
  if (n == 0) return regs.sync_registered();
  check_area(name, "src", src, p * n);
  check_area(name, "dst", dst, p * n);
  regs.push(dst, p * n);
  regs.sync_registered();
  for (int k = 1; k <= p; ++k) {
    int to = (me + k) % p;
    place(to, static_cast<const char*>(src) + to * n, static_cast<char*>(dst), me, n);
  }
  bsp_sync();
}

}  // extern "C"
