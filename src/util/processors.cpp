#include "util/processors.hpp"

#include "util/machine_facts.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

namespace superstep {
namespace {

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

int affinity_processors() {
  // A mask larger than cpu_set_t's 1024 processors needs the dynamic form.
  for (int cpus = CPU_SETSIZE; cpus <= (1 << 20); cpus *= 2) {
    cpu_set_t* set = CPU_ALLOC(cpus);
    if (!set) break;
    std::size_t size = CPU_ALLOC_SIZE(cpus);
    int result = sched_getaffinity(0, size, set) == 0 ? CPU_COUNT_S(size, set) : -1;
    CPU_FREE(set);
    if (result > 0) return result;
    if (result == 0 || errno != EINVAL) break;
  }
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  return online > 0 ? static_cast<int>(online) : 1;
}

std::optional<std::uint64_t> parse_number(std::string_view text) {
  std::uint64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<int> processors_of_cpu_max(std::string_view cpu_max) {
  while (!cpu_max.empty() && (cpu_max.back() == '\n' || cpu_max.back() == ' '))
    cpu_max.remove_suffix(1);
  std::size_t space = cpu_max.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  std::optional<std::uint64_t> quota = parse_number(cpu_max.substr(0, space));  // "max": none
  std::optional<std::uint64_t> period = parse_number(cpu_max.substr(space + 1));
  if (!quota || !period || *period == 0) return std::nullopt;
  std::uint64_t processors = (*quota + *period - 1) / *period;
  return static_cast<int>(std::clamp<std::uint64_t>(processors, 1, 1 << 20));
}

std::optional<std::string> cgroup_v2_path(std::string_view proc_cgroup) {
  std::istringstream lines{std::string(proc_cgroup)};
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("0::", 0) == 0) return line.substr(3);
  }
  return std::nullopt;
}

std::optional<int> cgroup_quota_processors(const std::string& mount, std::string_view path) {
  // The quota that binds is the smallest on the way up to the root.
  std::optional<int> smallest;
  std::string cgroup(path);
  for (;;) {
    while (!cgroup.empty() && cgroup.back() == '/') cgroup.pop_back();
    if (auto text = read_file(mount + cgroup + "/cpu.max")) {
      if (auto quota = processors_of_cpu_max(*text))
        smallest = std::min(smallest.value_or(*quota), *quota);
    }
    if (cgroup.empty()) break;
    cgroup.erase(cgroup.rfind('/') == std::string::npos ? 0 : cgroup.rfind('/'));
  }
  return smallest;
}

int available_processors() {
  if (test_machine().processors) return *test_machine().processors;
  int processors = affinity_processors();
  if (auto self = read_file("/proc/self/cgroup")) {
    if (auto path = cgroup_v2_path(*self)) {
      if (auto quota = cgroup_quota_processors("/sys/fs/cgroup", *path))
        processors = std::min(processors, *quota);
    }
  }
  return std::max(processors, 1);
}

void place_on_processor(int q) {
  const char* bind = std::getenv("BSP_BIND");
  if (bind && std::strcmp(bind, "none") == 0) return;
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return;
  int seen = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &allowed)) continue;
    if (seen++ == q) {
      cpu_set_t one;
      CPU_ZERO(&one);
      CPU_SET(cpu, &one);
      sched_setaffinity(0, sizeof one, &one);          // moves this process there now
      sched_setaffinity(0, sizeof allowed, &allowed);  // and lets it move again later
      return;
    }
  }
}

}  // namespace superstep
