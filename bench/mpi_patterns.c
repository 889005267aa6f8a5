/* The plain-MPI peer of bench/patterns.cpp: the same patterns, the same lines
 * ("<pattern> <median seconds>", median over samples of the slowest rank).
 *   empty        MPI_Barrier
 *   round_trip   a cache line's round trip between the two ranks, through memory they share
 *                (MPI_Win_allocate_shared), with no MPI in between; only with 2 ranks on one
 *                node of 2 or more processors. The host's placement of their processors sets
 *                it (bench/memory_before_begin.hpp measures the same for Superstep).
 *   puts         `puts` MPI_Put of 8 bytes to the next rank between two MPI_Win_fence
 *   exchange_N   MPI_Alltoall of N bytes per pair
 * Usage: mpirun -n P bench_mpi_patterns [puts] [bytes-per-pair ...] */
#include <mpi.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { kSamples = 15, kBarriersPerSample = 200, kMaxSizes = 8 };

static int compare(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

static double median(double* sample) {
  qsort(sample, kSamples, sizeof *sample, compare);
  return sample[kSamples / 2];
}

static double slowest(double t) {
  double max = 0;
  MPI_Allreduce(&t, &max, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return max;
}

static void report(int rank, const char* pattern, double* sample) {
  double m = median(sample);
  if (rank == 0) printf("%s %.9f\n", pattern, m);
}

enum { kTripsPerSample = 2000, kSpinsBeforeYield = 1 << 14 };

/* Spins until *word holds value; yields after a while, so that a partner waiting for a
 * processor on a busy machine gets one (the benchmark then ends, its figure no placement's). */
static void wait_for(atomic_uint* word, unsigned value) {
  for (unsigned spins = 0; atomic_load_explicit(word, memory_order_acquire) != value; ++spins)
    if (spins >= kSpinsBeforeYield) sched_yield();
}

static void report_round_trip(int rank, int size, double* sample) {
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int node_size = 0;
  MPI_Comm_size(node, &node_size);
  /* Every rank takes the same branch; with one processor each trip would wait a time slice. */
  int measure = size == 2 && node_size == 2 && sysconf(_SC_NPROCESSORS_ONLN) >= 2;
  if (measure) {
    atomic_uint* word = NULL;
    MPI_Win win;
    MPI_Win_allocate_shared(rank == 0 ? 64 : 0, 1, MPI_INFO_NULL, node, &word, &win);
    MPI_Aint bytes;
    int unit;
    MPI_Win_shared_query(win, 0, &bytes, &unit, &word);
    for (int s = 0; s < kSamples; ++s) {
      if (rank == 0) atomic_store(word, 0u);
      MPI_Barrier(node);
      double t0 = MPI_Wtime();
      for (unsigned k = 0; k < kTripsPerSample; ++k) {
        unsigned ask = 2 * k + 1, answer = ask + 1;
        if (rank == 0) {
          atomic_store_explicit(word, ask, memory_order_release);
          wait_for(word, answer);
        } else {
          wait_for(word, ask);
          atomic_store_explicit(word, answer, memory_order_release);
        }
      }
      sample[s] = slowest((MPI_Wtime() - t0) / kTripsPerSample);
    }
    MPI_Win_free(&win);
    report(rank, "round_trip", sample);
  }
  MPI_Comm_free(&node);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int puts = argc > 1 ? atoi(argv[1]) : 10000;
  int sizes[kMaxSizes] = {1 << 16, 1 << 20}, nsizes = 2;
  if (argc > 2) {
    nsizes = 0;
    for (int i = 2; i < argc && nsizes < kMaxSizes; ++i) sizes[nsizes++] = atoi(argv[i]);
  }
  double sample[kSamples];

  for (int s = 0; s < kSamples; ++s) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < kBarriersPerSample; ++i) MPI_Barrier(MPI_COMM_WORLD);
    sample[s] = slowest((MPI_Wtime() - t0) / kBarriersPerSample);
  }
  report(rank, "empty", sample);
  report_round_trip(rank, size, sample);

  uint64_t* window = NULL;
  uint64_t* src = malloc(sizeof *src * (size_t)puts);
  MPI_Win win;
  MPI_Win_allocate((MPI_Aint)puts * 8, 8, MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
  int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  for (int i = 0; i < puts; ++i) src[i] = (uint64_t)rank << 32 | (uint64_t)i;
  for (int s = 0; s < kSamples; ++s) {
    MPI_Win_fence(0, win);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < puts; ++i) MPI_Put(&src[i], 8, MPI_BYTE, next, i, 8, MPI_BYTE, win);
    MPI_Win_fence(0, win);
    sample[s] = slowest(MPI_Wtime() - t0);
  }
  for (int i = 0; i < puts; ++i)
    if (window[i] != ((uint64_t)prev << 32 | (uint64_t)i)) MPI_Abort(MPI_COMM_WORLD, 1);
  report(rank, "puts", sample);
  MPI_Win_free(&win);
  free(src);

  for (int k = 0; k < nsizes; ++k) {
    size_t total = (size_t)sizes[k] * (size_t)size;
    char* out = malloc(total);
    char* in = calloc(total, 1);
    memset(out, rank, total);
    for (int s = 0; s < kSamples; ++s) {
      MPI_Barrier(MPI_COMM_WORLD);
      double t0 = MPI_Wtime();
      MPI_Alltoall(out, sizes[k], MPI_BYTE, in, sizes[k], MPI_BYTE, MPI_COMM_WORLD);
      sample[s] = slowest(MPI_Wtime() - t0);
    }
    for (int q = 0; q < size; ++q)
      if (in[(size_t)q * (size_t)sizes[k] + (size_t)sizes[k] - 1] != (char)q)
        MPI_Abort(MPI_COMM_WORLD, 1);
    char name[64];
    snprintf(name, sizeof name, "exchange_%d", sizes[k]);
    report(rank, name, sample);
    free(out);
    free(in);
  }
  MPI_Finalize();
  return 0;
}
