// Start-up and teardown: bsp_begin(p) immediately followed by bsp_end(), beside
// the floor of forking p-1 processes that exit at once and reaping them, in
// the same run. Each sample is a fresh process (bsp_begin runs once per
// program), so the figure includes everything a user waits for.
//   bench_startup [p...]            (default 64 256 1024)
#include <bsp.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

double now() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// Runs body in a child process and returns the seconds from fork to reaping it.
template <typename Body>
double time_in_child(Body body) {
  std::fflush(stdout);  // or the child would print what is buffered again
  double start = now();
  pid_t child = fork();
  if (child == 0) {
    body();
    _exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  double seconds = now() - start;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::fprintf(stderr, "bench_startup: a sample failed\n");
    std::exit(1);
  }
  return seconds;
}

void begin_and_end(int p) {
  bsp_begin(p);
  bsp_end();
}

void fork_and_reap(int p) {
  for (int q = 1; q < p; ++q)
    if (fork() == 0) _exit(0);
  while (wait(nullptr) > 0) {
  }
}

struct Spread {
  double min, median, max;
};

Spread spread(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return {v.front(), v[v.size() / 2], v.back()};
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> procs;
  for (int i = 1; i < argc; ++i) procs.push_back(std::atoi(argv[i]));
  if (procs.empty()) procs = {64, 256, 1024};
  constexpr int kSamples = 5;
  for (int p : procs) {
    if (p < 1) {
      std::fprintf(stderr, "bench_startup: process counts must be positive\n");
      return 2;
    }
    std::vector<double> bsp, forks;
    for (int i = 0; i < kSamples; ++i) {  // interleaved, so that both see the same load
      bsp.push_back(time_in_child([p] { begin_and_end(p); }));
      forks.push_back(time_in_child([p] { fork_and_reap(p); }));
    }
    Spread b = spread(bsp), f = spread(forks);
    std::printf(
        "bsp_begin + bsp_end, p=%d: %.3f s (min %.3f, max %.3f); fork and reap %d processes: "
        "%.3f s (min %.3f, max %.3f); ratio %.2f\n",
        p, b.median, b.min, b.max, p - 1, f.median, f.min, f.max, b.median / f.median);
  }
  return 0;
}
