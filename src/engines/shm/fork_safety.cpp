#include "engines/shm/fork_safety.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace superstep::shm {

namespace {

// The number of threads of this process, from /proc/self/status; 1 if unknown.
int thread_count() {
  int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 1;
  char text[4096];
  ssize_t n = read(fd, text, sizeof text - 1);
  close(fd);
  if (n <= 0) return 1;
  text[n] = '\0';
  const char* line = std::strstr(text, "\nThreads:");
  return line ? std::atoi(line + 9) : 1;
}

// Whether GNU OpenMP's runtime is part of this process.
bool libgomp_loaded() { return dlsym(RTLD_DEFAULT, "GOMP_parallel") != nullptr; }

}  // namespace

void refuse_openmp_threads(int nprocs) {
  if (nprocs < 2 || !libgomp_loaded()) return;
  int threads = thread_count();
  if (threads < 2) return;
  std::fprintf(stderr,
               "superstep: error in bsp_begin: process 0 runs %d threads and uses OpenMP; an "
               "OpenMP parallel region before bsp_begin leaves OpenMP threads that processes "
               "1..%d cannot have (they are forked), so OpenMP there would wait forever. Start "
               "the first OpenMP parallel region after bsp_begin (OpenMP inside the SPMD part "
               "works on every process), or run under mpirun\n",
               threads, nprocs - 1);
  std::exit(1);
}

}  // namespace superstep::shm
