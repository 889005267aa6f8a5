/* The OpenMPI peer of small_puts: every rank issues `count` MPI_Put of 8
 * bytes to the next rank into an MPI_Win_allocate window, between two
 * MPI_Win_fence calls; then as many dealt cyclically, element i to rank
 * (rank + i) % size, into its slice of a second window; then count / size
 * puts of 16 bytes dealt as an FFT's permutation (small_puts.cpp) into a
 * third.
 * Usage: mpirun -n 2 bench_mpi_small_puts [count] */
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
  uint64_t *base, *dealt;
  MPI_Win win, dealt_win;
  int slice = (count + size - 1) / size;
  MPI_Win_allocate((MPI_Aint)count * 8, 8, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  MPI_Win_allocate((MPI_Aint)slice * size * 8, 8, MPI_INFO_NULL, MPI_COMM_WORLD, &dealt,
                   &dealt_win);
  int m = count / size; /* the permutation's elements per rank, 16 bytes each */
  double* permuted;
  MPI_Win perm_win;
  MPI_Win_allocate((MPI_Aint)m * 16, 16, MPI_INFO_NULL, MPI_COMM_WORLD, &permuted, &perm_win);
  double* part = malloc((size_t)m * 16);
  for (int j = 0; j < m; ++j) {
    part[2 * j] = (double)(j * size + rank);
    part[2 * j + 1] = 0.5;
  }
  uint64_t* src = malloc((size_t)count * 8);
  for (int i = 0; i < count; ++i) src[i] = (uint64_t)rank << 32 | (uint64_t)i;
  enum { kSamples = 11 };
  double t[kSamples], cyclic[kSamples], permutation[kSamples];
  int next = (rank + 1) % size;
  for (int s = 0; s < kSamples; ++s) {
    MPI_Win_fence(0, win);
    double t0 = MPI_Wtime();
    for (int i = 0; i < count; ++i) MPI_Put(&src[i], 8, MPI_BYTE, next, i, 8, MPI_BYTE, win);
    MPI_Win_fence(0, win);
    t[s] = MPI_Wtime() - t0;
    MPI_Win_fence(0, dealt_win);
    t0 = MPI_Wtime();
    for (int i = 0; i < count; ++i)
      MPI_Put(&src[i], 8, MPI_BYTE, (rank + i) % size, (MPI_Aint)rank * slice + i / size, 8,
              MPI_BYTE, dealt_win);
    MPI_Win_fence(0, dealt_win);
    cyclic[s] = MPI_Wtime() - t0;
    MPI_Win_fence(0, perm_win);
    t0 = MPI_Wtime();
    for (int j = 0; j < m; ++j) {
      int sigma = j * size + rank;
      MPI_Put(&part[2 * j], 16, MPI_BYTE, sigma / m, sigma % m, 16, MPI_BYTE, perm_win);
    }
    MPI_Win_fence(0, perm_win);
    permutation[s] = MPI_Wtime() - t0;
  }
  for (int k = 0; k < m; ++k)
    if (permuted[2 * k] != (double)(rank * m + k) || permuted[2 * k + 1] != 0.5) {
      fprintf(stderr, "wrong permuted element at %d\n", k);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  for (int s = 0; s < size; ++s)
    for (int i = (rank - s + size) % size; i < count; i += size)
      if (dealt[(size_t)s * slice + i / size] != ((uint64_t)s << 32 | (uint64_t)i)) {
        fprintf(stderr, "wrong cyclic value from %d at %d\n", s, i);
        MPI_Abort(MPI_COMM_WORLD, 1);
      }
  int prev = (rank + size - 1) % size;
  for (int i = 0; i < count; ++i)
    if (base[i] != ((uint64_t)prev << 32 | (uint64_t)i)) {
      fprintf(stderr, "wrong value at %d\n", i);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  qsort(t, kSamples, sizeof t[0], compare);
  qsort(cyclic, kSamples, sizeof cyclic[0], compare);
  qsort(permutation, kSamples, sizeof permutation[0], compare);
  if (rank == 0) {
    printf(
        "small puts, OpenMPI, p=%d, %d MPI_Put of 8 bytes then MPI_Win_fence (median of %d): "
        "%.1f us\n",
        size, count, kSamples, t[kSamples / 2] * 1e6);
    printf("  dealt cyclically, OpenMPI: %.1f us\n", cyclic[kSamples / 2] * 1e6);
    printf("  as an FFT's permutation, OpenMPI: %.1f us\n", permutation[kSamples / 2] * 1e6);
  }
  free(src);
  free(part);
  MPI_Win_free(&perm_win);
  MPI_Win_free(&dealt_win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
