// bsp_alltoallv: total exchange with per-pair counts. A process knows where
// its data go only from the receiver's displacements, so a first data
// superstep tells every sender (count, displacement) of its block, and the
// second moves the data, after checking that the counts agree.
#include <bsp_level1.h>

#include <cstring>
#include <vector>

#include "core/errors.hpp"
#include "level1/cost_model.hpp"
#include "level1/steps.hpp"

using namespace superstep::level1;

extern "C" void bsp_alltoallv(const void* src, const int* send_counts, const int* send_displs,
                              void* dst, const int* recv_counts, const int* recv_displs) {
  const char* name = "bsp_alltoallv";
  check_call(name, 0, 1);
  const int p = bsp_nprocs(), me = bsp_pid();
  check_area(name, "send_counts", send_counts, p);
  check_area(name, "send_displs", send_displs, p);
  check_area(name, "recv_counts", recv_counts, p);
  check_area(name, "recv_displs", recv_displs, p);
  long long sent = 0, received = 0, dst_bytes = 0;
  for (int j = 0; j < p; ++j) {
    if (send_counts[j] < 0 || send_displs[j] < 0 || recv_counts[j] < 0 || recv_displs[j] < 0)
      superstep::usage_error(name, "a count or displacement for process %d is negative", j);
    if (j != me) sent += send_counts[j], received += recv_counts[j];
    if (recv_counts[j] > 0 && recv_displs[j] + static_cast<long long>(recv_counts[j]) > dst_bytes)
      dst_bytes = recv_displs[j] + static_cast<long long>(recv_counts[j]);
  }
  // The model sees this process's h only; every process's choice is "direct".
  choose(name, sent, Cost{3, double(sent > received ? sent : received), 0}, std::nullopt);
  if (dst_bytes > 0) check_area(name, "dst", dst, dst_bytes);
  // wanted[2*j], wanted[2*j+1]: what process j expects from me (count, displacement).
  std::vector<int> wanted(2 * static_cast<std::size_t>(p));
  Registrations regs(name);
  regs.push(wanted.data(), static_cast<long long>(wanted.size() * sizeof(int)));
  char* area = regs.push(dst_bytes > 0 ? dst : nullptr, dst_bytes);
  regs.sync_registered();
  for (int j = 0; j < p; ++j) {
    int mine[2] = {recv_counts[j], recv_displs[j]};
    if (j == me)
      std::memcpy(&wanted[2 * j], mine, sizeof mine);
    else
      bsp_put(j, mine, wanted.data(), static_cast<int>(2 * me * sizeof(int)), sizeof mine);
  }
  bsp_sync();
  for (int j = 0; j < p; ++j)
    if (wanted[2 * j] != send_counts[j])
      superstep::usage_error(name,
                             "sends %d bytes to process %d, which expects %d (its "
                             "recv_counts[%d]); the counts must agree",
                             send_counts[j], j, wanted[2 * j], me);
  const char* from = static_cast<const char*>(src);
  for (int k = 1; k <= p; ++k) {
    int to = (me + k) % p;
    if (send_counts[to] == 0) continue;
    if (to == me)
      std::memmove(static_cast<char*>(dst) + wanted[2 * to + 1], from + send_displs[to],
                   static_cast<std::size_t>(send_counts[to]));
    else
      bsp_put(to, from + send_displs[to], area, wanted[2 * to + 1], send_counts[to]);
  }
  bsp_sync();
}
