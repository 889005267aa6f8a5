// What cannot cross the fork that starts processes 1..p-1.
#pragma once

namespace superstep::shm {

// Stops the program with a message when pid 0 runs OpenMP threads at
// bsp_begin: fork copies only the calling thread, so OpenMP's thread pool,
// which libgomp believes alive, would be missing in every worker and their
// first parallel region would wait for it forever. Other threads are
// allowed: they simply do not exist in the workers (see docs/semantics.md).
void refuse_openmp_threads(int nprocs);

}  // namespace superstep::shm
