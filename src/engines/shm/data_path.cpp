#include "engines/shm/data_path.hpp"

#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "engines/shm/verbose.hpp"
#include "util/forced_strategies.hpp"

namespace superstep::shm {

namespace {

// 0 when a child of this process may read this process's memory, else the
// errno that process_vm_readv gave (EPERM under a seccomp filter or Yama,
// ENOSYS on a kernel without cross-memory attach). The child is a vfork
// child: it shares this memory until it exits, so the probe costs no copy of
// the page tables however large the program is, and it reads across the same
// permission check as the workers will (a different process, not an
// ancestor, this process's ptracer exception).
int child_may_read_parent(int nprocs) {
  static const char probe_source[8] = "xmem";
  char probe_target[8] = {};
  iovec local{probe_target, sizeof probe_target};
  iovec remote{const_cast<char*>(probe_source), sizeof probe_source};
  pid_t parent = getpid();
  pid_t child = vfork();
  if (child < 0) {
    // No process to spare (ulimit -u): the run cannot start its own either.
    std::fprintf(stderr,
                 "superstep: error in bsp_begin: cannot start a process (to try cross-memory "
                 "attach before starting %d): %s\n",
                 nprocs, std::strerror(errno));
    std::exit(1);
  }
  if (child == 0) {
    ssize_t got = process_vm_readv(parent, &local, 1, &remote, 1, 0);
    _exit(got == static_cast<ssize_t>(sizeof probe_source) ? 0 : got < 0 ? errno : EIO);
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0)
    if (errno != EINTR) return errno;
  if (!WIFEXITED(status)) return EIO;
  return WEXITSTATUS(status);
}

void say(const char* why) {
  std::fflush(stdout);
  std::fprintf(stderr, "superstep: shared-memory engine: %s\n", why);
  std::fflush(stderr);
}
}  // namespace

DataPath choose_data_path(int nprocs) {
  if (forced(Strategy::kXmem) != 0) {
    if (verbose()) say("data moves through shared mappings (BSP_FORCE=xmem=off)");
    return DataPath::kSharedMappings;
  }
  if (nprocs == 1) return DataPath::kCrossMemory;  // nothing moves between processes
  int err = child_may_read_parent(nprocs);
  if (err == 0) {
    if (verbose()) say("data moves by cross-memory attach (process_vm_readv)");
    return DataPath::kCrossMemory;
  }
  if (verbose()) {
    char why[192];
    std::snprintf(why, sizeof why,
                  "cross-memory attach is refused here (process_vm_readv: %s); data moves "
                  "through shared mappings",
                  std::strerror(err));
    say(why);
  }
  return DataPath::kSharedMappings;
}

}  // namespace superstep::shm
