// What bspprobe says about the host it runs on.
#pragma once

#include <string>

namespace bspprobe {

std::string cpu_model();  // "model name" from /proc/cpuinfo, or "unknown CPU"
std::string host_name();
std::string utc_timestamp();  // e.g. 2024-05-01T12:34:56Z
int online_processors();
double load_average();  // 1-minute load average, or -1 when unknown

// What other programs took of the processors while a span of this process
// ran: the machine's busy time over the span (/proc/stat: every state but
// idle and waiting for I/O, time taken by the hypervisor included) less what
// this process and the children it waited for used (getrusage). The 1-minute
// load average cannot say this: it lags by a minute, so right after a build
// it still counts the compiler jobs that have ended, and it counts this
// process's own workers.
class OtherPrograms {
 public:
  OtherPrograms();  // the span starts
  // Processors' worth used by others since the start (0 and up; -1 when the
  // system does not say). `also_mine`: seconds of processor time that
  // processes of this program used which are not its waited-for children.
  double processors_used(double also_mine = 0) const;

 private:
  double start_seconds_, start_busy_, start_own_;
};

}  // namespace bspprobe
