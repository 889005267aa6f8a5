// Argument checks shared by the C entry points (bsp.h and the MulticoreBSP
// interface): each stops the program with one message naming the primitive.
#pragma once

#include "util/errors.hpp"
#include "core/runtime.hpp"

namespace superstep {

// Two forms: the first builds no Call where the runtime is there (the hot paths).
[[noreturn, gnu::cold]] inline void not_running(const Call& call) {
  usage_error(call, Runtime::begun()
                        ? "called after bsp_end; only bsp_nprocs and bsp_abort work there"
                        : "called outside bsp_begin..bsp_end; call bsp_begin first");
}
inline Runtime& running(const char* primitive) {
  Runtime* rt = Runtime::active();
  if (!rt) [[unlikely]]
    not_running(primitive);
  return *rt;
}
inline Runtime& running(const Call& call) {
  Runtime* rt = Runtime::active();
  if (!rt) not_running(call);
  return *rt;
}

// Stops a program whose inline paths were compiled with layouts other than this library's
// (api/inline_layout.cpp).
void check_program_inline_layout();

inline void check_pid(const Call& call, const Runtime& rt, int pid) {
  if (pid < 0 || pid >= rt.nprocs())
    usage_error(call,
                "pid %d is outside 0..%d (bsp_nprocs() is %d); pass a pid from 0 to "
                "bsp_nprocs()-1",
                pid, rt.nprocs() - 1, rt.nprocs());
}

inline void check_not_negative(const Call& call, const char* name, int value) {
  if (value < 0) usage_error(call, "%s is %d; it must not be negative", name, value);
}

inline void check_not_null(const Call& call, const char* name, const void* p, int nbytes) {
  if (!p && nbytes > 0)
    usage_error(call, "%s is NULL but nbytes is %d; pass a valid address", name, nbytes);
}

}  // namespace superstep
