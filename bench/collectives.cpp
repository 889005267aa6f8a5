// The level-1 collectives on the MPI engine beside Open MPI's collectives on
// the same data, in the same run on the same processes (as mpi_compare.cpp),
// and each Superstep collective with its algorithm left to the cost model and
// forced each way. For every collective and size it prints the algorithm the
// cost model chose (process 0's, bsp_collective_chosen), its time, the times
// of the algorithms forced, the chosen time over the best other algorithm's
// ("vs other": at most about 1 when the choice is right) and over Open MPI's.
// Medians of samples (the slowest process's time per call); never asserts on
// time.
// Usage: mpirun -n P bench_collectives [bytes...]   (default 8, 64 KiB, 1 MiB)
#include <bsp_level1.h>
#include <bsp_mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#include "bench_support.hpp"

namespace {

constexpr int kSamples = 9;

// Seconds per call of each of fs on the slowest process, median over samples.
// The variants take turns within every sample, so that a load that comes and
// goes on the machine falls on all of them alike.
std::vector<double> timed(int reps, const std::vector<std::function<void()>>& fs) {
  std::vector<std::vector<double>> samples(fs.size());
  for (int s = 0; s < kSamples; ++s)
    for (std::size_t v = 0; v < fs.size(); ++v) {
      MPI_Barrier(MPI_COMM_WORLD);
      double t0 = MPI_Wtime();
      for (int r = 0; r < reps; ++r) fs[v]();
      double t = (MPI_Wtime() - t0) / reps, slowest = 0;
      MPI_Allreduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      samples[v].push_back(slowest);
    }
  std::vector<double> medians;
  for (auto& v : samples) medians.push_back(bench::median(v));
  return medians;
}

void add_doubles(void* acc, const void* in, int count, void*) {
  double* a = static_cast<double*>(acc);
  const double* b = static_cast<const double*>(in);
  for (int i = 0; i < count; ++i) a[i] += b[i];
}

struct Case {
  const char* name;
  std::function<void()> superstep;  // under whatever algorithm is forced
  std::function<void()> mpi;
  bool has_two_phase;
};

const char* name_of(bsp_collective_algorithm a) {
  switch (a) {
    case BSP_COLLECTIVE_DIRECT:
      return "direct";
    case BSP_COLLECTIVE_TWO_PHASE:
      return "two_phase";
    case BSP_COLLECTIVE_MESSAGES:
      return "messages";
    default:
      return "?";
  }
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  bsp_mpi_use_communicator(MPI_COMM_WORLD);
  bsp_begin(bsp_nprocs());
  const int p = bsp_nprocs(), me = bsp_pid();
  std::vector<long> sizes;
  for (int i = 1; i < argc; ++i) sizes.push_back(std::atol(argv[i]));
  if (sizes.empty()) sizes = {8, 1 << 16, 1 << 20};
  if (me == 0)
    std::printf(
        "level-1 collectives on the MPI engine vs Open MPI, p=%d (us per call, medians of "
        "%d samples, slowest process; - where a collective lacks the algorithm; vs other = "
        "chosen / best other algorithm, vs MPI = chosen / Open MPI)\n"
        "%-10s %8s %-9s %9s %9s %9s %9s %9s %8s %8s %s\n",
        p, kSamples, "collective", "bytes", "chosen", "time", "direct", "two_phase", "messages",
        "OpenMPI", "vs other", "vs MPI", "choice");
  for (long bytes : sizes) {
    const int n = static_cast<int>(bytes), count = n / 8 > 0 ? n / 8 : 1;
    std::vector<char> src(static_cast<std::size_t>(n) * p, 1), dst(static_cast<std::size_t>(n) * p);
    std::vector<double> x(count, 1.0), y(count);
    // alltoallv: n bytes to every process, as alltoall, through counts and displacements.
    std::vector<int> counts(p, n), displs(p);
    for (int j = 0; j < p; ++j) displs[j] = j * n;
    const int reps = bytes <= 4096 ? 200 : 10;
    Case cases[] = {
        {"broadcast", [&] { bsp_broadcast(0, src.data(), dst.data(), n); },
         [&] { MPI_Bcast(dst.data(), n, MPI_BYTE, 0, MPI_COMM_WORLD); }, true},
        {"allreduce", [&] { bsp_allreduce(x.data(), y.data(), count, 8, add_doubles, nullptr); },
         [&] { MPI_Allreduce(x.data(), y.data(), count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); },
         true},
        {"reduce", [&] { bsp_reduce(0, x.data(), y.data(), count, 8, add_doubles, nullptr); },
         [&] { MPI_Reduce(x.data(), y.data(), count, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD); },
         true},
        {"scan", [&] { bsp_scan_inclusive(x.data(), y.data(), count, 8, add_doubles, nullptr); },
         [&] { MPI_Scan(x.data(), y.data(), count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); }, true},
        {"gather", [&] { bsp_gather(0, src.data(), dst.data(), n); },
         [&] { MPI_Gather(src.data(), n, MPI_BYTE, dst.data(), n, MPI_BYTE, 0, MPI_COMM_WORLD); },
         false},
        {"allgather", [&] { bsp_allgather(src.data(), dst.data(), n); },
         [&] { MPI_Allgather(src.data(), n, MPI_BYTE, dst.data(), n, MPI_BYTE, MPI_COMM_WORLD); },
         false},
        {"scatter", [&] { bsp_scatter(0, src.data(), dst.data(), n); },
         [&] { MPI_Scatter(src.data(), n, MPI_BYTE, dst.data(), n, MPI_BYTE, 0, MPI_COMM_WORLD); },
         false},
        {"alltoall", [&] { bsp_alltoall(src.data(), dst.data(), n); },
         [&] { MPI_Alltoall(src.data(), n, MPI_BYTE, dst.data(), n, MPI_BYTE, MPI_COMM_WORLD); },
         false},
        {"alltoallv",
         [&] {
           bsp_alltoallv(src.data(), counts.data(), displs.data(), dst.data(), counts.data(),
                         displs.data());
         },
         [&] {
           MPI_Alltoallv(src.data(), counts.data(), displs.data(), MPI_BYTE, dst.data(),
                         counts.data(), displs.data(), MPI_BYTE, MPI_COMM_WORLD);
         },
         false},
    };
    for (const Case& c : cases) {
      // The collective with each algorithm forced in turn (a forced one it lacks
      // is direct), then left to the cost model, then Open MPI's.
      auto under = [&](bsp_collective_algorithm a) {
        return [&c, a] {
          bsp_collective_force(a);
          c.superstep();
        };
      };
      bsp_collective_force(BSP_COLLECTIVE_AUTO);
      c.superstep();
      const bsp_collective_algorithm choice = bsp_collective_chosen();
      std::vector<double> t =
          timed(reps, {under(BSP_COLLECTIVE_AUTO), under(BSP_COLLECTIVE_DIRECT),
                       under(BSP_COLLECTIVE_TWO_PHASE), under(BSP_COLLECTIVE_MESSAGES), c.mpi});
      const double chosen = t[0], direct = t[1], two_phase = c.has_two_phase ? t[2] : 0,
                   messages = t[3], mpi = t[4];
      if (me != 0) continue;
      // The best of the algorithms the cost model did not choose; "right" when the
      // chosen one is at most 10% slower than that.
      double other = 0;
      for (auto [a, t] : {std::pair{BSP_COLLECTIVE_DIRECT, direct},
                          std::pair{BSP_COLLECTIVE_TWO_PHASE, c.has_two_phase ? two_phase : 0},
                          std::pair{BSP_COLLECTIVE_MESSAGES, messages}})
        if (a != choice && t > 0 && (other == 0 || t < other)) other = t;
      const char* verdict = chosen <= other * 1.1 ? "right" : "WRONG";
      char two_phase_text[32] = "-";
      if (c.has_two_phase)
        std::snprintf(two_phase_text, sizeof two_phase_text, "%.2f", two_phase * 1e6);
      std::printf("%-10s %8ld %-9s %9.2f %9.2f %9s %9.2f %9.2f %8.2f %8.2f %s\n", c.name, bytes,
                  name_of(choice), chosen * 1e6, direct * 1e6, two_phase_text, messages * 1e6,
                  mpi * 1e6, chosen / other, chosen / mpi, verdict);
    }
  }
  bsp_collective_force(BSP_COLLECTIVE_AUTO);
  bsp_end();
  MPI_Finalize();
  return 0;
}
