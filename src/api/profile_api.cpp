// bsp_sync and bsp_end with their call sites (bsp.h's bsp_sync() macro, bsp_profile.h's
// bsp_end_at) and the profile label (bsp_profile.h). With profiling and checking off each
// costs a branch or two.
#include <bsp.h>
#include <bsp_profile.h>

#include "api/checks.hpp"
#include "core/runtime.hpp"

using superstep::running;
using superstep::Runtime;

extern "C" {

void bsp_sync_at(const char* file, int line) {
  Runtime& rt = running("bsp_sync");
  if (rt.watched()) [[unlikely]]
    rt.note_sync_site({file, line});
  rt.set_sync_site({file, line});
  rt.sync();
}

// Only the mismatch messages name it: the profile names the last superstep bsp_end.
void bsp_end_at(const char* file, int line) {
  Runtime& rt = running("bsp_end");
  rt.set_sync_site({file, line});
  rt.end();
}

void bsp_profile_label(const char* label) {
  if (Runtime* rt = Runtime::active())
    if (superstep::profile::Recorder* profile = rt->profile()) profile->label(label);
}

long long bsp_registered_nbytes(int pid, const void* ident) {
  Runtime* rt = Runtime::active();
  return rt ? rt->registered_nbytes(pid, ident) : -1;
}

long long bsp_superstep(void) {
  Runtime* rt = Runtime::active();
  return rt ? static_cast<long long>(rt->superstep()) : -1;
}

}  // extern "C"
