#include "core/nprocs_before_begin.hpp"

#include <climits>
#include <cstdlib>

#include "util/errors.hpp"
#include "util/processors.hpp"
#include "engines/engine_select.hpp"

namespace superstep {

std::optional<int> parse_nprocs(const char* text) {
  if (!text || !*text) return std::nullopt;
  char* end = nullptr;
  long n = std::strtol(text, &end, 10);
  if (*end != '\0' || n < 1 || n > INT_MAX) return std::nullopt;
  return static_cast<int>(n);
}

int nprocs_before_begin() {
  if (int job_processes = job_processes_before_begin()) return job_processes;
  const char* env = std::getenv("BSP_NPROCS");
  if (!env || !*env) return available_processors();
  if (std::optional<int> n = parse_nprocs(env)) return *n;
  usage_error("bsp_nprocs", "BSP_NPROCS is \"%s\"; set it to a positive number of processes", env);
}

}  // namespace superstep
