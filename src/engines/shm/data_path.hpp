// How the shared-memory engine moves data between processes, decided once per
// run in bsp_begin, before the other processes exist. Cross-memory attach
// (process_vm_readv) is the fast path; some sandboxes refuse it (a seccomp
// filter, Yama ptrace_scope 2 or 3, other security modules), and there
// everything travels through shared mappings instead (DESIGN.md).
#pragma once

namespace superstep::shm {

enum class DataPath { kCrossMemory, kSharedMappings };

// BSP_FORCE=xmem=off forces shared mappings; otherwise probes whether a
// child process may read this one's memory (call after this process allowed
// its descendants to, PR_SET_PTRACER). With BSP_VERBOSE=1 says on stderr
// which path it chose and why. nprocs: the run's process count (with one
// process nothing moves between processes, and nothing is probed).
DataPath choose_data_path(int nprocs);

}  // namespace superstep::shm
