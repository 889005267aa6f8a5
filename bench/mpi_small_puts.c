/* The OpenMPI peer of small_puts: every rank issues `count` MPI_Put of 8
 * bytes to the next rank into an MPI_Win_allocate window, between two
 * MPI_Win_fence calls.  Usage: mpirun -n 2 bench_mpi_small_puts [count] */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int compare(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int count = argc > 1 ? atoi(argv[1]) : 100000;
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  uint64_t* base;
  MPI_Win win;
  MPI_Win_allocate((MPI_Aint)count * 8, 8, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  uint64_t* src = malloc((size_t)count * 8);
  for (int i = 0; i < count; ++i) src[i] = (uint64_t)rank << 32 | (uint64_t)i;
  enum { kSamples = 11 };
  double t[kSamples];
  int next = (rank + 1) % size;
  for (int s = 0; s < kSamples; ++s) {
    MPI_Win_fence(0, win);
    double t0 = MPI_Wtime();
    for (int i = 0; i < count; ++i) MPI_Put(&src[i], 8, MPI_BYTE, next, i, 8, MPI_BYTE, win);
    MPI_Win_fence(0, win);
    t[s] = MPI_Wtime() - t0;
  }
  int prev = (rank + size - 1) % size;
  for (int i = 0; i < count; ++i)
    if (base[i] != ((uint64_t)prev << 32 | (uint64_t)i)) {
      fprintf(stderr, "wrong value at %d\n", i);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  qsort(t, kSamples, sizeof t[0], compare);
  if (rank == 0)
    printf("small puts, OpenMPI, p=%d, %d MPI_Put of 8 bytes then MPI_Win_fence (median of %d): "
           "%.1f us\n", size, count, kSamples, t[kSamples / 2] * 1e6);
  free(src);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
