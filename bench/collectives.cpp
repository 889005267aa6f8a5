// The level-1 collectives beside Open MPI's collectives on the same data and
// processes, and each collective with its algorithm left to the cost model
// and forced each way. Two ways to run it:
//   mpirun -n P bench_collectives [bytes...]   the MPI engine, Open MPI's
//       collectives timed in the same run on the same processes (as
//       mpi_compare.cpp does for the primitives);
//   bench_collectives [-p P] [bytes...]        the shared-memory engine (the
//       default; P = 2 unless given), Open MPI's figures from
//       `mpirun -n P bench_collectives --openmpi-only`, which this one runs
//       before and after its own (the lower of the two figures: the host's
//       placement of the processors changes from minute to minute, and the
//       lower one is the harder peer; a "-" where mpirun is missing or fails).
// For every collective and size it prints the algorithm the cost model chose
// (process 0's, bsp_collective_chosen), its time, the times of the algorithms
// forced, the chosen time over the best other algorithm's ("vs other": at
// most about 1 when the choice is right, else WRONG), over Open MPI's, and
// over a memcpy of the bytes each process passes (the local work, the whole of
// a collective at p = 1). The last column says whether the row meets the goals
// below. Medians of samples of the slowest process's time per call, and the slowest sample of
// the chosen algorithm and of Open MPI's (a program lives through its slow calls too); it never
// fails on a time.
// Goals: 64 KiB and more within 1.2x Open MPI's on the MPI engine and below
// it on shared memory; smaller sizes within 2x Open MPI's (one superstep's
// end); at p = 1 within 2x the memcpy.
#include <bsp_level1.h>
#include <bsp_mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "bench_support.hpp"
#include "gather_on_pid0.hpp"

namespace {

constexpr int kSamples = 9;

// Seconds per call of one variant on the slowest process: the median and the slowest of the
// samples.
struct Timing {
  double median = 0, slowest = 0;
};

// The timings of each of fs, on process 0 (the others get zeros). The variants take turns
// within every sample, so that a load that comes and goes on the machine falls on all of
// them alike. bsp_sync is the barrier before each sample on either engine.
std::vector<Timing> timed(int reps, const std::vector<std::function<void()>>& fs) {
  const std::size_t v_count = fs.size();
  std::vector<double> mine;  // sample-major: mine[s * v_count + v]
  for (int s = 0; s < kSamples; ++s)
    for (std::size_t v = 0; v < v_count; ++v) {
      bsp_sync();
      const double t0 = bsp_time();
      for (int r = 0; r < reps; ++r) fs[v]();
      mine.push_back((bsp_time() - t0) / reps);
    }
  const std::vector<double> all = bench::gather_on_pid0(mine);
  std::vector<Timing> timings(v_count);
  if (bsp_pid() != 0) return timings;
  for (std::size_t v = 0; v < v_count; ++v) {
    std::vector<double> slowest(kSamples, 0.0);
    for (int pid = 0; pid < bsp_nprocs(); ++pid)
      for (int s = 0; s < kSamples; ++s)
        slowest[s] = std::max(slowest[s], all[pid * mine.size() + s * v_count + v]);
    timings[v] = {bench::median(slowest), *std::max_element(slowest.begin(), slowest.end())};
  }
  return timings;
}

void add_doubles(void* acc, const void* in, int count, void*) {
  double* a = static_cast<double*>(acc);
  const double* b = static_cast<const double*>(in);
  for (int i = 0; i < count; ++i) a[i] += b[i];
}

const char* const kNames[] = {"broadcast", "allreduce", "reduce",   "scan",     "gather",
                              "allgather", "scatter",   "alltoall", "alltoallv"};
constexpr int kCollectives = 9;
constexpr bool kHasTwoPhase[kCollectives] = {true,  true,  true,  true, false,
                                             false, false, false, false};

// The buffers of one size: n bytes per process and block, as doubles where combined.
struct Data {
  int n, count;
  std::vector<char> src, dst;
  std::vector<double> x, y;
  std::vector<int> counts, displs;  // alltoallv: n bytes to every process, as alltoall
  Data(long bytes, int p)
      : n(static_cast<int>(bytes)),
        count(n / 8 > 0 ? n / 8 : 1),
        src(static_cast<std::size_t>(n) * p, 1),
        dst(static_cast<std::size_t>(n) * p),
        x(count, 1.0),
        y(count),
        counts(p, n),
        displs(p) {
    for (int j = 0; j < p; ++j) displs[j] = j * n;
  }
};

// Collective i of ours on d.
void ours(int i, Data& d) {
  switch (i) {
    case 0:
      return bsp_broadcast(0, d.src.data(), d.dst.data(), d.n);
    case 1:
      return bsp_allreduce(d.x.data(), d.y.data(), d.count, 8, add_doubles, nullptr);
    case 2:
      return bsp_reduce(0, d.x.data(), d.y.data(), d.count, 8, add_doubles, nullptr);
    case 3:
      return bsp_scan_inclusive(d.x.data(), d.y.data(), d.count, 8, add_doubles, nullptr);
    case 4:
      return bsp_gather(0, d.src.data(), d.dst.data(), d.n);
    case 5:
      return bsp_allgather(d.src.data(), d.dst.data(), d.n);
    case 6:
      return bsp_scatter(0, d.src.data(), d.dst.data(), d.n);
    case 7:
      return bsp_alltoall(d.src.data(), d.dst.data(), d.n);
    default:
      return bsp_alltoallv(d.src.data(), d.counts.data(), d.displs.data(), d.dst.data(),
                           d.counts.data(), d.displs.data());
  }
}

// Open MPI's collective i on d.
void theirs(int i, Data& d) {
  MPI_Comm w = MPI_COMM_WORLD;
  switch (i) {
    case 0:
      MPI_Bcast(d.dst.data(), d.n, MPI_BYTE, 0, w);
      break;
    case 1:
      MPI_Allreduce(d.x.data(), d.y.data(), d.count, MPI_DOUBLE, MPI_SUM, w);
      break;
    case 2:
      MPI_Reduce(d.x.data(), d.y.data(), d.count, MPI_DOUBLE, MPI_SUM, 0, w);
      break;
    case 3:
      MPI_Scan(d.x.data(), d.y.data(), d.count, MPI_DOUBLE, MPI_SUM, w);
      break;
    case 4:
      MPI_Gather(d.src.data(), d.n, MPI_BYTE, d.dst.data(), d.n, MPI_BYTE, 0, w);
      break;
    case 5:
      MPI_Allgather(d.src.data(), d.n, MPI_BYTE, d.dst.data(), d.n, MPI_BYTE, w);
      break;
    case 6:
      MPI_Scatter(d.src.data(), d.n, MPI_BYTE, d.dst.data(), d.n, MPI_BYTE, 0, w);
      break;
    case 7:
      MPI_Alltoall(d.src.data(), d.n, MPI_BYTE, d.dst.data(), d.n, MPI_BYTE, w);
      break;
    default:
      MPI_Alltoallv(d.src.data(), d.counts.data(), d.displs.data(), MPI_BYTE, d.dst.data(),
                    d.counts.data(), d.displs.data(), MPI_BYTE, w);
  }
}

int reps_for(long bytes) { return bytes <= 4096 ? 200 : 10; }

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

// --openmpi-only: Open MPI's collectives alone, one line "name bytes seconds" each, for the
// shared-memory run that started this one.
void print_openmpi(const std::vector<long>& sizes) {
  int me = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  int p = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  for (long bytes : sizes) {
    Data d(bytes, p);
    for (int i = 0; i < kCollectives; ++i) {
      std::vector<double> slowest;
      for (int s = 0; s < kSamples; ++s) {
        MPI_Barrier(MPI_COMM_WORLD);
        const double t0 = MPI_Wtime();
        for (int r = 0; r < reps_for(bytes); ++r) theirs(i, d);
        double t = (MPI_Wtime() - t0) / reps_for(bytes), worst = 0;
        MPI_Allreduce(&t, &worst, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        slowest.push_back(worst);
      }
      if (me == 0)
        std::printf("%s %ld %.9g %.9g\n", kNames[i], bytes, bench::median(slowest),
                    *std::max_element(slowest.begin(), slowest.end()));
    }
  }
}

// Open MPI's figures on p processes for the shared-memory run, keyed by name and size;
// empty where mpirun cannot run this program.
using Figures = std::map<std::pair<std::string, long>, Timing>;
Figures openmpi_figures(const char* self, int p, const std::vector<long>& sizes) {
  Figures figures;
  std::string command =
      "mpirun --oversubscribe -n " + std::to_string(p) + " '" + self + "' --openmpi-only";
  for (long bytes : sizes) command += " " + std::to_string(bytes);
  command += " 2>/dev/null";
  // A benchmark run as root (a container) must still be able to start Open MPI's processes.
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 0);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 0);
  FILE* out = popen(command.c_str(), "r");
  if (!out) return figures;
  char name[32];
  long bytes = 0;
  Timing t;
  while (std::fscanf(out, "%31s %ld %lf %lf", name, &bytes, &t.median, &t.slowest) == 4)
    figures[{name, bytes}] = t;
  if (pclose(out) != 0) figures.clear();
  return figures;
}

// The lower of two sets of Open MPI's figures (by median), where both have one.
void keep_lower(Figures& figures, const Figures& again) {
  for (auto& [key, timing] : figures) {
    auto found = again.find(key);
    if (found != again.end() && found->second.median < timing.median) timing = found->second;
  }
}

// One collective at one size: the chosen algorithm and the times (seconds per call, medians
// but for the slowest samples of the chosen one and Open MPI's; 0 where the collective lacks
// the algorithm or a figure is missing).
struct Row {
  int collective;
  long bytes;
  bsp_collective_algorithm choice;
  double chosen, chosen_slowest, direct, two_phase, messages, mpi, mpi_slowest, memcpy;
};

std::string text(double seconds) {
  char out[32] = "-";
  if (seconds > 0) std::snprintf(out, sizeof out, "%.2f", seconds * 1e6);
  return out;
}

std::string ratio(double a, double b) {
  char out[32] = "-";
  if (b > 0) std::snprintf(out, sizeof out, "%.2f", a / b);
  return out;
}

// The table: per row the times, the ratios, whether the choice was right (within 10% of the
// best algorithm it did not choose) and whether the row meets the goals (near_limit: the most
// the chosen one may take over Open MPI's from 64 KiB on).
void print_table(const char* engine, int p, const std::vector<Row>& rows, double near_limit) {
  std::printf(
      "level-1 collectives on the %s engine vs Open MPI, p=%d (us per call, medians of %d "
      "samples, slowest process, and the slowest sample of the chosen algorithm and of Open "
      "MPI's; - where a collective lacks the algorithm or a figure is "
      "missing; vs other = chosen / best other algorithm, vs MPI = chosen / Open MPI, "
      "vs copy = chosen / memcpy of the bytes; goal: %s)\n"
      "%-10s %8s %-9s %9s %9s %9s %9s %9s %9s %9s %9s %8s %7s %7s %-6s %s\n",
      engine, p, kSamples,
      p == 1           ? "within 2x the memcpy"
      : near_limit > 1 ? "from 64 KiB within 1.2x Open MPI, below that within 2x"
                       : "from 64 KiB below Open MPI, below that within 2x",
      "collective", "bytes", "chosen", "time", "slowest", "direct", "two_phase", "messages",
      "OpenMPI", "slowest", "memcpy", "vs other", "vs MPI", "vs copy", "choice", "goal");
  for (const Row& r : rows) {
    double other = 0;
    for (auto [a, time] : {std::pair{BSP_COLLECTIVE_DIRECT, r.direct},
                           std::pair{BSP_COLLECTIVE_TWO_PHASE, r.two_phase},
                           std::pair{BSP_COLLECTIVE_MESSAGES, r.messages}})
      if (a != r.choice && time > 0 && (other == 0 || time < other)) other = time;
    const char* verdict = r.chosen <= other * 1.1 ? "right" : "WRONG";
    const char* goal = p == 1       ? (r.chosen <= 2 * r.memcpy ? "met" : "ABOVE")
                       : r.mpi == 0 ? "-"
                       : r.chosen <= (r.bytes >= 1 << 16 ? near_limit : 2.0) * r.mpi ? "met"
                                                                                     : "ABOVE";
    std::printf("%-10s %8ld %-9s %9.2f %9.2f %9.2f %9s %9.2f %9s %9s %9.2f %8s %7s %7s %-6s %s\n",
                kNames[r.collective], r.bytes, name_of(r.choice), r.chosen * 1e6,
                r.chosen_slowest * 1e6, r.direct * 1e6, text(r.two_phase).c_str(),
                r.messages * 1e6, text(r.mpi).c_str(), text(r.mpi_slowest).c_str(), r.memcpy * 1e6,
                ratio(r.chosen, other).c_str(), ratio(r.chosen, r.mpi).c_str(),
                ratio(r.chosen, r.memcpy).c_str(), verdict, goal);
  }
}

bool under_mpirun() {
  return std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMI_SIZE") || std::getenv("PMIX_RANK");
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<long> sizes;
  int p_wanted = 2;
  bool openmpi_only = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--openmpi-only") == 0) {
      openmpi_only = true;
    } else if (std::strcmp(argv[i], "-p") == 0 && i + 1 < argc) {
      p_wanted = std::atoi(argv[++i]);
    } else if (std::atol(argv[i]) > 0) {
      sizes.push_back(std::atol(argv[i]));
    } else {
      std::fprintf(stderr,
                   "usage: mpirun -n P bench_collectives [bytes...]\n"
                   "       bench_collectives [-p P] [bytes...]   (the shared-memory engine)\n");
      return 2;
    }
  }
  if (sizes.empty()) sizes = {8, 1 << 16, 1 << 20};
  const bool mpi_engine = under_mpirun();
  Figures openmpi;
  if (mpi_engine) {
    MPI_Init(&argc, &argv);
    if (openmpi_only) {
      print_openmpi(sizes);
      MPI_Finalize();
      return 0;
    }
    bsp_mpi_use_communicator(MPI_COMM_WORLD);
    bsp_begin(bsp_nprocs());
  } else {
    if (p_wanted < 1) {
      std::fprintf(stderr, "bench_collectives: -p needs a count of processes of at least 1\n");
      return 2;
    }
    openmpi = openmpi_figures(argv[0], p_wanted, sizes);
    bsp_begin(p_wanted);
  }
  const int p = bsp_nprocs(), me = bsp_pid();
  std::vector<Row> rows;  // process 0's
  for (long bytes : sizes) {
    Data d(bytes, p);
    const int reps = reps_for(bytes);
    std::vector<char> copy_to(static_cast<std::size_t>(d.n));
    const double memcpy_time = timed(reps, {[&] {
                                       std::memcpy(copy_to.data(), d.src.data(), copy_to.size());
                                       asm volatile("" : : "r"(copy_to.data()) : "memory");
                                     }})[0].median;
    for (int i = 0; i < kCollectives; ++i) {
      // The collective with each algorithm forced in turn (a forced one it lacks
      // is direct), then left to the cost model, then Open MPI's on the MPI engine.
      auto under = [&](bsp_collective_algorithm a) {
        return [&d, i, a] {
          bsp_collective_force(a);
          ours(i, d);
        };
      };
      bsp_collective_force(BSP_COLLECTIVE_AUTO);
      ours(i, d);
      const bsp_collective_algorithm choice = bsp_collective_chosen();
      std::vector<std::function<void()>> variants = {
          under(BSP_COLLECTIVE_AUTO), under(BSP_COLLECTIVE_DIRECT), under(BSP_COLLECTIVE_TWO_PHASE),
          under(BSP_COLLECTIVE_MESSAGES)};
      if (mpi_engine) variants.push_back([&d, i] { theirs(i, d); });
      std::vector<Timing> t = timed(reps, variants);
      bsp_collective_force(BSP_COLLECTIVE_AUTO);
      rows.push_back({i, bytes, choice, t[0].median, t[0].slowest, t[1].median,
                      kHasTwoPhase[i] ? t[2].median : 0, t[3].median,
                      mpi_engine ? t[4].median : 0, mpi_engine ? t[4].slowest : 0, memcpy_time});
    }
  }
  bsp_end();  // the other processes end here; process 0 prints
  if (mpi_engine) {
    MPI_Finalize();
  } else {
    keep_lower(openmpi, openmpi_figures(argv[0], p, sizes));
    for (Row& r : rows) {
      auto found = openmpi.find({kNames[r.collective], r.bytes});
      if (found == openmpi.end()) continue;
      r.mpi = found->second.median;
      r.mpi_slowest = found->second.slowest;
    }
  }
  if (me == 0) print_table(mpi_engine ? "MPI" : "shared-memory", p, rows, mpi_engine ? 1.2 : 1.0);
  return 0;
}
