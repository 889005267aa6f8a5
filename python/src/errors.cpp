#include "errors.hpp"

#include <bsp.h>
#include <bsp_profile.h>

#include <climits>
#include <cstdarg>
#include <cstdio>

namespace superstep_python {

namespace {
Phase g_phase = Phase::kBefore;
}

void fail(const char* primitive, const std::string& details) {
  if (g_phase == Phase::kRunning)
    throw Error(format("superstep: error in %s, process %d, superstep %lld: %s", primitive,
                       bsp_pid(), bsp_superstep(), details.c_str()));
  throw Error(format("superstep: error in %s: %s", primitive, details.c_str()));
}

Phase phase() { return g_phase; }
void set_phase(Phase p) { g_phase = p; }

void require_running(const char* primitive) {
  if (g_phase == Phase::kBefore)
    fail(primitive, "called outside bsp_begin..bsp_end; call bsp_begin first");
  if (g_phase == Phase::kAfter)
    fail(primitive, "called after bsp_end; only bsp_nprocs and bsp_abort work there");
}

void check_pid(const char* primitive, long long pid) {
  int p = bsp_nprocs();
  if (pid < 0 || pid >= p)
    fail(primitive, format("pid %lld is outside 0..%d (bsp_nprocs() is %d); pass a pid from 0 to "
                           "bsp_nprocs()-1",
                           pid, p - 1, p));
}

void check_not_negative(const char* primitive, const char* name, long long value) {
  if (value < 0) fail(primitive, format("%s is %lld; it must not be negative", name, value));
}

int bytes_int(const char* primitive, const char* what, long long bytes) {
  if (bytes > INT_MAX)
    fail(primitive,
         format("%s is %lld bytes, more than BSPlib's int sizes allow (%d)", what, bytes, INT_MAX));
  return static_cast<int>(bytes);
}

}  // namespace superstep_python
