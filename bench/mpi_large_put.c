/* The Open MPI peer of bench_large's bsp_put under the MPI engine: one MPI_Put of N bytes from
 * each even rank to the next, between two MPI_Win_fence, into a window already touched; the first
 * and the median of the next `samples`, each the slowest rank's, beside a memcpy of the same
 * bytes into touched memory by every rank at once. The window is Open MPI's own memory
 * (MPI_Win_allocate: shared between the ranks of a host, so a put is a memcpy), or with
 * "create" the program's memory (MPI_Win_create on malloc'd bytes, as a registered area of a
 * BSP program is: between ranks of a host a put is then a cross-memory copy by the kernel).
 *   mpirun -n P bench_mpi_large_put [bytes] [samples] [allocate|create]
 *   (default 64 MiB, 3, allocate) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int compare(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

static double slowest(double mine) {
  double all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return all;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  long bytes = argc > 1 ? atol(argv[1]) : 64L << 20;
  int samples = argc > 2 ? atoi(argv[2]) : 3, rank = 0, size = 0;
  const char* window = argc > 3 ? argv[3] : "allocate";
  int create = strcmp(window, "create") == 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (bytes < 1 || bytes > (1L << 30) || samples < 1 || (!create && strcmp(window, "allocate"))) {
    if (rank == 0)
      fprintf(stderr,
              "bench_mpi_large_put: bytes is 1 to 2^30, samples at least 1, the window "
              "allocate or create\n");
    MPI_Finalize();
    return 2;
  }
  char *src = malloc((size_t)bytes), *spare = malloc((size_t)bytes), *base = NULL;
  MPI_Win win;
  if (create) {
    base = malloc((size_t)bytes);
    MPI_Win_create(base, bytes, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  } else {
    MPI_Win_allocate(bytes, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  }
  memset(src, rank + 1, (size_t)bytes);
  memset(spare, 0, (size_t)bytes);
  memset(base, 0, (size_t)bytes);
  int to = rank % 2 == 0 && rank + 1 < size ? rank + 1 : -1;
  double* put = calloc((size_t)samples + 1, sizeof(double));
  double* copy = calloc((size_t)samples + 1, sizeof(double));
  for (int s = 0; s <= samples; ++s) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    memcpy(spare, src, (size_t)bytes);
    copy[s] = slowest(MPI_Wtime() - t0);
    MPI_Win_fence(0, win);
    t0 = MPI_Wtime();
    if (to >= 0) MPI_Put(src, (int)bytes, MPI_BYTE, to, 0, (int)bytes, MPI_BYTE, win);
    MPI_Win_fence(0, win);
    put[s] = slowest(MPI_Wtime() - t0);
  }
  if (rank % 2 == 1 && base[bytes - 1] != (char)rank) {
    fprintf(stderr, "bench_mpi_large_put: rank %d received a wrong byte\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  if (rank == 0) {
    qsort(put + 1, (size_t)samples, sizeof(double), compare);
    qsort(copy, (size_t)samples + 1, sizeof(double), compare);
    double c = copy[samples / 2];
    printf(
        "MPI_Put of %ld bytes + fence, %s window, p=%d: first %.2f ms = %.2f x two memcpys, "
        "steady %.2f ms = %.2f x (median of %d); memcpy %.2f ms\n",
        bytes, create ? "MPI_Win_create" : "MPI_Win_allocate", size, put[0] * 1e3, put[0] / (2 * c),
        put[1 + samples / 2] * 1e3, put[1 + samples / 2] / (2 * c), samples, c * 1e3);
  }
  free(put);
  free(copy);
  free(src);
  free(spare);
  MPI_Win_free(&win);
  if (create) free(base);
  MPI_Finalize();
  return 0;
}
