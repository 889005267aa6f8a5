#include "engines/common/crash_report.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <iterator>
#include <string>

namespace superstep {

namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
constexpr std::size_t kCount = std::size(kSignals);

int g_pid = 0;
void (*g_tell_others)(int) = nullptr;
std::atomic<std::uint64_t> g_superstep{0};
// strsignal's text for each signal, copied at installation: the handler may
// call nothing that allocates or locks.
std::string g_names[kCount];
struct sigaction g_previous[kCount];

// Appends text to a fixed buffer (async-signal-safe).
struct Line {
  char text[256];
  std::size_t size = 0;
  void add(const char* s) {
    for (; *s && size < sizeof text; ++s) text[size++] = *s;
  }
  void add(std::uint64_t n) {
    char digits[24];
    int k = 0;
    do digits[k++] = static_cast<char>('0' + n % 10);
    while ((n /= 10) != 0);
    while (k > 0 && size < sizeof text) text[size++] = digits[--k];
  }
};

void on_crash(int sig) {
  const char* name = "";
  for (std::size_t i = 0; i < kCount; ++i)
    if (kSignals[i] == sig) name = g_names[i].c_str();
  Line line;
  line.add("superstep: process ");
  line.add(static_cast<std::uint64_t>(g_pid));
  line.add(" was killed by signal ");
  line.add(static_cast<std::uint64_t>(sig));
  line.add(" (");
  line.add(name);
  line.add(") in superstep ");
  line.add(g_superstep.load(std::memory_order_relaxed));
  line.add("; stopping all processes\n");
  ssize_t written = write(STDERR_FILENO, line.text, line.size);
  (void)written;
  if (g_tell_others) g_tell_others(sig);
  // Die of the signal itself: the launcher sees that and stops the others.
  signal(sig, SIG_DFL);
  raise(sig);
}

}  // namespace

void install_crash_report(int pid, void (*tell_others)(int)) {
  g_pid = pid;
  g_tell_others = tell_others;
  g_superstep.store(0, std::memory_order_relaxed);
  for (std::size_t i = 0; i < kCount; ++i) {
    g_names[i] = strsignal(kSignals[i]);
    struct sigaction action {};
    action.sa_handler = on_crash;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(kSignals[i], &action, &g_previous[i]);
  }
}

void note_crash_superstep(std::uint64_t superstep) {
  g_superstep.store(superstep, std::memory_order_relaxed);
}

void remove_crash_report() {
  for (std::size_t i = 0; i < kCount; ++i) sigaction(kSignals[i], &g_previous[i], nullptr);
}

}  // namespace superstep
