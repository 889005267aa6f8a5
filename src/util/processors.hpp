// How many processors this process may use: what bsp_nprocs() reports before
// bsp_begin, and what the shared-memory engine compares p with to decide
// whether processes must share processors.
//
// The count is the processors in the affinity mask (taskset, a container's
// cpuset, a batch system's binding), lowered to a cgroup v2 CPU quota where
// the process's cgroup, or one above it, sets one: a quota of 1.5 processors
// allows 2 processes that each get a fair share, so it is rounded up.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace superstep {

// The processors this process may use; at least 1.
int available_processors();

// Moves the calling process onto the q-th processor it may use (counting
// from 0 in its affinity mask), then lets it move again: two processes that
// the scheduler leaves on one processor meet at every barrier only through a
// context switch, several times an empty superstep's cost. Only the
// placement is chosen: the process may still move when other programs load
// its processor (binding it there made the same superstep far slower under
// load). Nothing happens where there is no q-th processor, or where
// BSP_BIND=none leaves placement to the scheduler. The shared-memory engine
// places process q on processor q when there are no more processes than
// processors; bspprobe places its two-process barrier the same way.
void place_on_processor(int q);

// The pieces, separate so that tests can give them made-up inputs.

// The processors a cgroup v2 "cpu.max" file allows: "QUOTA PERIOD" gives
// ceil(QUOTA / PERIOD), at least 1; "max ..." (no limit) or anything
// unreadable gives nullopt.
std::optional<int> processors_of_cpu_max(std::string_view cpu_max);

// The cgroup v2 path in a /proc/PID/cgroup text (the "0::PATH" line), or
// nullopt where there is none (cgroup v1 only).
std::optional<std::string> cgroup_v2_path(std::string_view proc_cgroup);

// The smallest quota set on the cgroup `path` or its ancestors, with the
// cgroup v2 hierarchy mounted at `mount` (normally /sys/fs/cgroup).
std::optional<int> cgroup_quota_processors(const std::string& mount, std::string_view path);

}  // namespace superstep
