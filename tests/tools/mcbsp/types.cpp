// The MulticoreBSP interface from C++: the types are MulticoreBSP's, and
// both start-up calls and the extra primitives are declared.
#include <mcbsp.h>

#include <cstdio>
#include <type_traits>

static_assert(std::is_same_v<bsp_pid_t, unsigned int>);
static_assert(std::is_same_v<bsp_nprocs_t, unsigned int>);
static_assert(std::is_same_v<bsp_size_t, std::size_t>);
static_assert(std::is_same_v<decltype(bsp_nprocs()), bsp_nprocs_t>);
static_assert(std::is_same_v<decltype(bsp_hpmove(nullptr, nullptr)), bsp_size_t>);
static_assert(std::is_same_v<decltype(&bsp_hpsend),
                             void (*)(bsp_pid_t, const void*, const void*, bsp_size_t)>);
static_assert(std::is_same_v<decltype(&bsp_direct_get),
                             void (*)(bsp_pid_t, const void*, bsp_size_t, void*, bsp_size_t)>);

int main() {
  bsp_begin(bsp_nprocs());
  void* tag;
  void* payload;
  bsp_size_t empty = bsp_hpmove(&tag, &payload);
  std::printf("process %u: empty queue gives %s\n", bsp_pid(),
              empty == SIZE_MAX ? "SIZE_MAX" : "something else");
  bsp_end();
  return 0;
}
