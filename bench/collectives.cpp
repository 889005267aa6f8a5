// The level-1 collectives on the MPI engine beside Open MPI's collectives on
// the same data, in the same run on the same processes (as mpi_compare.cpp),
// and each Superstep collective with its algorithm forced both ways, so that
// the cost model's choice can be compared with the other algorithm.
// Medians of samples (the slowest process's time per call), ratios; never
// asserts on time.
// Usage: mpirun -n P bench_collectives [bytes...]   (default 8 and 1 MiB)
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

// Seconds per call of f on the slowest process, median over samples.
double timed(int reps, const std::function<void()>& f) {
  std::vector<double> samples;
  for (int s = 0; s < kSamples; ++s) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int r = 0; r < reps; ++r) f();
    double t = (MPI_Wtime() - t0) / reps, slowest = 0;
    MPI_Allreduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    samples.push_back(slowest);
  }
  return bench::median(samples);
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

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  bsp_mpi_use_communicator(MPI_COMM_WORLD);
  bsp_begin(bsp_nprocs());
  const int p = bsp_nprocs(), me = bsp_pid();
  std::vector<long> sizes;
  for (int i = 1; i < argc; ++i) sizes.push_back(std::atol(argv[i]));
  if (sizes.empty()) sizes = {8, 1 << 20};
  if (me == 0)
    std::printf(
        "level-1 collectives on the MPI engine vs Open MPI, p=%d (us per call, medians of "
        "%d samples, slowest process; - where a collective lacks the algorithm)\n"
        "%-10s %9s %10s %10s %10s %10s %10s %8s %s\n",
        p, kSamples, "collective", "bytes", "chosen", "direct", "two_phase", "messages", "OpenMPI",
        "ratio", "choice");
  for (long bytes : sizes) {
    const int n = static_cast<int>(bytes), count = n / 8 > 0 ? n / 8 : 1;
    std::vector<char> src(static_cast<std::size_t>(n) * p, 1), dst(static_cast<std::size_t>(n) * p);
    std::vector<double> x(count, 1.0), y(count);
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
    };
    for (const Case& c : cases) {
      bsp_collective_force(BSP_COLLECTIVE_AUTO);
      double chosen = timed(reps, c.superstep);
      bsp_collective_force(BSP_COLLECTIVE_DIRECT);
      double direct = timed(reps, c.superstep);
      double two_phase = 0;
      if (c.has_two_phase) {
        bsp_collective_force(BSP_COLLECTIVE_TWO_PHASE);
        two_phase = timed(reps, c.superstep);
      }
      bsp_collective_force(BSP_COLLECTIVE_MESSAGES);  // every collective here has it
      double messages = timed(reps, c.superstep);
      double mpi = timed(reps, c.mpi);
      if (me != 0) continue;
      // "right" when the chosen time is within 10% of the best forced one.
      double best = std::min(direct, messages);
      if (c.has_two_phase) best = std::min(best, two_phase);
      const char* verdict = chosen <= best * 1.1 ? "right" : "WRONG";
      char two_phase_text[32] = "-";
      if (c.has_two_phase)
        std::snprintf(two_phase_text, sizeof two_phase_text, "%.2f", two_phase * 1e6);
      std::printf("%-10s %9ld %10.2f %10.2f %10s %10.2f %10.2f %8.2f %s\n", c.name, bytes,
                  chosen * 1e6, direct * 1e6, two_phase_text, messages * 1e6, mpi * 1e6,
                  chosen / mpi, verdict);
    }
  }
  bsp_collective_force(BSP_COLLECTIVE_AUTO);
  bsp_end();
  MPI_Finalize();
  return 0;
}
