// What bspprobe says about the host it runs on.
#pragma once

#include <string>

namespace bspprobe {

std::string cpu_model();  // "model name" from /proc/cpuinfo, or "unknown CPU"
std::string host_name();
std::string utc_timestamp();  // e.g. 2024-05-01T12:34:56Z
int online_processors();
double load_average();  // 1-minute load average, or -1 when unknown

}  // namespace bspprobe
