// util/processors: the cgroup v2 quota arithmetic and lookup, on made-up
// files; placing the process on a processor. (That bsp_nprocs() follows the affinity mask is tested
// with taskset in tests/unit/CMakeLists.txt.)
#include "util/processors.hpp"

#include <sched.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

int failures = 0;

void expect(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "FAILED: %s\n", what);
    ++failures;
  }
}

// The q-th processor in the affinity mask, or -1.
int nth_allowed(const cpu_set_t& allowed, int q) {
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &allowed) && q-- == 0) return cpu;
  return -1;
}

// place_on_processor(q) moves the process onto its q-th allowed processor and
// leaves the affinity mask as it was. Where the scheduler moves it again
// before it looks (a loaded machine), it places it again, up to 5 times.
void check_placement() {
  cpu_set_t before;
  if (sched_getaffinity(0, sizeof before, &before) != 0 || CPU_COUNT(&before) < 2) return;
  ::unsetenv("BSP_BIND");
  for (int q : {0, 1, 0}) {
    bool there = false;
    for (int attempt = 0; attempt < 5 && !there; ++attempt) {
      superstep::place_on_processor(q);
      there = sched_getcpu() == nth_allowed(before, q);
    }
    expect(there, "placed on the q-th allowed processor");
  }
  cpu_set_t after;
  expect(sched_getaffinity(0, sizeof after, &after) == 0 && CPU_EQUAL(&before, &after),
         "the affinity mask is as it was");
  superstep::place_on_processor(CPU_COUNT(&before));  // no such processor: nothing happens
  expect(sched_getaffinity(0, sizeof after, &after) == 0 && CPU_EQUAL(&before, &after),
         "no processor q: the mask is as it was");
}

void write(const std::filesystem::path& file, const char* text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

}  // namespace

int main() {
  using superstep::cgroup_quota_processors;
  using superstep::cgroup_v2_path;
  using superstep::processors_of_cpu_max;

  expect(processors_of_cpu_max("max 100000\n") == std::nullopt, "no quota");
  expect(processors_of_cpu_max("100000 100000\n") == 1, "one processor");
  expect(processors_of_cpu_max("150000 100000\n") == 2, "1.5 processors round up");
  expect(processors_of_cpu_max("400000 100000") == 4, "four processors");
  expect(processors_of_cpu_max("1000 100000\n") == 1, "a sliver is still one processor");
  expect(processors_of_cpu_max("") == std::nullopt, "empty file");
  expect(processors_of_cpu_max("12x 100") == std::nullopt, "garbage");
  expect(processors_of_cpu_max("100 0") == std::nullopt, "zero period");

  expect(cgroup_v2_path("0::/user.slice/job\n") == "/user.slice/job", "v2 only");
  expect(cgroup_v2_path("4:memory:/x\n1:cpu:/\n0::/\n") == "/", "hybrid");
  expect(cgroup_v2_path("4:memory:/x\n1:cpu:/\n") == std::nullopt, "v1 only");

  auto root = std::filesystem::temp_directory_path() /
              ("superstep-processors-" + std::to_string(::getpid()));
  std::filesystem::remove_all(root);
  expect(cgroup_quota_processors(root.string(), "/a/b") == std::nullopt, "no files");
  write(root / "a/b/cpu.max", "max 100000\n");
  expect(cgroup_quota_processors(root.string(), "/a/b") == std::nullopt, "unlimited");
  write(root / "a/cpu.max", "300000 100000\n");
  expect(cgroup_quota_processors(root.string(), "/a/b") == 3, "a parent's quota binds");
  write(root / "a/b/cpu.max", "200000 100000\n");
  expect(cgroup_quota_processors(root.string(), "/a/b/") == 2, "the smallest quota binds");
  write(root / "cpu.max", "100000 100000\n");
  expect(cgroup_quota_processors(root.string(), "/") == 1, "the root (a container's own)");
  expect(cgroup_quota_processors(root.string(), "/a/b") == 1, "up to the root");
  std::filesystem::remove_all(root);

  expect(superstep::available_processors() >= 1, "at least one processor");
  check_placement();
  if (failures == 0) std::puts("PASS");
  return failures == 0 ? 0 : 1;
}
