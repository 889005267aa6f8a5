#include "core/nprocs_before_begin.hpp"

#include <climits>
#include <cstdio>
#include <cstdlib>

#include "util/errors.hpp"
#include "util/processors.hpp"
#include "util/run_notes.hpp"
#include "util/text_format.hpp"
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

std::optional<int> launcher_nprocs_cap() {
  if (!run_notes_asked()) return std::nullopt;
  return parse_nprocs(std::getenv("BSP_NPROCS"));
}

void note_begin_called() { note_run("begin\n"); }

void note_processes(int asked, int got) {
  if (got >= asked || !run_notes_asked()) return;
  std::fflush(stdout);
  std::fprintf(stderr,
               "superstep: bsp_begin asked for %d processes and runs %d: bsprun gave the job %d "
               "(-n), and no engine runs more than that\n",
               asked, got, got);
}

}  // namespace superstep
