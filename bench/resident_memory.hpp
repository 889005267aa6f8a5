// A process's resident memory from /proc/self/status, and its peak since the last reset (writing
// 5 to /proc/self/clear_refs sets the peak to the resident memory now): what a transfer adds to a
// process's memory at its peak is the peak after it less the resident memory before it.
// Shared pages count in every process that maps them.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace bench {

// The field `name` of /proc/self/status in bytes (VmRSS, VmHWM); 0 where it cannot be read.
inline std::uint64_t status_bytes(const char* name) {
  std::FILE* f = std::fopen("/proc/self/status", "r");
  if (!f) return 0;
  char line[256];
  unsigned long long kib = 0;
  const std::size_t len = std::strlen(name);
  while (std::fgets(line, sizeof line, f))
    if (std::strncmp(line, name, len) == 0 && line[len] == ':') {
      std::sscanf(line + len + 1, "%llu", &kib);
      break;
    }
  std::fclose(f);
  return static_cast<std::uint64_t>(kib) << 10;
}

inline std::uint64_t resident_bytes() { return status_bytes("VmRSS"); }
inline std::uint64_t peak_resident_bytes() { return status_bytes("VmHWM"); }

// Starts a new peak from the resident memory now; false where the kernel refuses.
inline bool reset_peak_resident() {
  std::FILE* f = std::fopen("/proc/self/clear_refs", "w");
  if (!f) return false;
  bool ok = std::fputs("5", f) >= 0;
  return std::fclose(f) == 0 && ok;
}

}  // namespace bench
