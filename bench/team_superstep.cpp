// What an empty superstep of a team costs beside one of the whole machine, in the same run: p
// processes split into teams of k (colour = pid / k, bsp_team_begin); each sample times n syncs
// of the machine, then n syncs inside the teams, in turns; medians of 9 samples, as process 0
// (in its team) sees them. Run it with k = p too, where the team is the whole machine again, and
// as `bench_team_superstep k k` for the empty superstep of a machine of k processes.
// Usage: bench_team_superstep [p] [k] [syncs-per-sample]
#include <bsp.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bench_support.hpp"

int main(int argc, char** argv) {
  const int p = argc > 1 ? std::atoi(argv[1]) : 4;
  const int k = argc > 2 ? std::atoi(argv[2]) : 2;
  const int n = argc > 3 ? std::atoi(argv[3]) : 5000;
  if (p < 1 || k < 1 || k > p || n < 1) {
    std::fprintf(stderr, "usage: bench_team_superstep [p] [k <= p] [syncs-per-sample]\n");
    return 2;
  }
  bsp_begin(p);
  std::vector<double> machine, team;
  for (int s = 0; s < 9; ++s) {
    bsp_sync();
    double t0 = bsp_time();
    for (int i = 0; i < n; ++i) bsp_sync();
    machine.push_back((bsp_time() - t0) / n);
    bsp_team_begin(bsp_pid() / k, bsp_pid());
    bsp_sync();
    t0 = bsp_time();
    for (int i = 0; i < n; ++i) bsp_sync();
    team.push_back((bsp_time() - t0) / n);
    bsp_team_end();
  }
  if (bsp_pid() == 0) {
    const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    const double m = bench::median(machine), t = bench::median(team);
    const double m_slowest = *std::max_element(machine.begin(), machine.end());
    const double t_slowest = *std::max_element(team.begin(), team.end());
    std::printf(
        "p=%d in teams of %d%s: a team's empty superstep %.3f us, the machine's %.3f us "
        "(medians of 9 samples of %d syncs; slowest samples %.3f and %.3f us)\n",
        p, k, p > cpus ? " (oversubscribed: more processes than processors)" : "", t * 1e6, m * 1e6,
        n, t_slowest * 1e6, m_slowest * 1e6);
  }
  bsp_end();
  return 0;
}
