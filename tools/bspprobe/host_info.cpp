#include "host_info.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>

#include <cstdlib>
#include <ctime>
#include <fstream>

namespace bspprobe {

std::string cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) != 0) continue;
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) break;
    const std::size_t start = line.find_first_not_of(" \t", colon + 1);
    if (start != std::string::npos) return line.substr(start);
  }
  return "unknown CPU";
}

std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "unknown host";
  return name;
}

std::string utc_timestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buf;
}

double load_average() {
  double load[1];
  return getloadavg(load, 1) == 1 ? load[0] : -1;
}

namespace {

// Seconds every processor together spent busy since boot; -1 when unknown.
double machine_busy_seconds() {
  std::ifstream stat("/proc/stat");
  std::string cpu;
  // user nice system idle iowait irq softirq steal (guest time is inside user).
  double user, nice, system, idle, iowait, irq, softirq, steal = 0;
  if (!(stat >> cpu >> user >> nice >> system >> idle >> iowait >> irq >> softirq) || cpu != "cpu")
    return -1;
  stat >> steal;
  const long ticks = sysconf(_SC_CLK_TCK);
  return ticks > 0 ? (user + nice + system + irq + softirq + steal) / static_cast<double>(ticks) : -1;
}

double own_seconds() {
  double total = 0;
  for (int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
    rusage u{};
    getrusage(who, &u);
    total += static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
             static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
  }
  return total;
}

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

OtherPrograms::OtherPrograms()
    : start_seconds_(now_seconds()), start_busy_(machine_busy_seconds()), start_own_(own_seconds()) {}

double OtherPrograms::processors_used(double also_mine) const {
  const double busy = machine_busy_seconds();
  const double span = now_seconds() - start_seconds_;
  if (busy < 0 || start_busy_ < 0 || span <= 0) return -1;
  const double others = (busy - start_busy_) - (own_seconds() - start_own_) - also_mine;
  return std::max(0.0, others / span);
}

int online_processors() {
  const long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? static_cast<int>(n) : 1;
}

}  // namespace bspprobe
