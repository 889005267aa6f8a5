// Argument checks shared by the C entry points (bsp.h and the MulticoreBSP
// interface): each stops the program with one message naming the primitive.
#pragma once

#include "util/errors.hpp"
#include "core/runtime.hpp"

namespace superstep {

inline Runtime& running(const char* primitive) {
  Runtime* rt = Runtime::active();
  if (!rt)
    usage_error(primitive, Runtime::begun()
                               ? "called after bsp_end; only bsp_nprocs and bsp_abort work there"
                               : "called outside bsp_begin..bsp_end; call bsp_begin first");
  return *rt;
}

inline void check_pid(const char* primitive, const Runtime& rt, int pid) {
  if (pid < 0 || pid >= rt.nprocs())
    usage_error(primitive,
                "pid %d is outside 0..%d (bsp_nprocs() is %d); pass a pid from 0 to "
                "bsp_nprocs()-1",
                pid, rt.nprocs() - 1, rt.nprocs());
}

inline void check_not_negative(const char* primitive, const char* name, int value) {
  if (value < 0) usage_error(primitive, "%s is %d; it must not be negative", name, value);
}

inline void check_not_null(const char* primitive, const char* name, const void* p, int nbytes) {
  if (!p && nbytes > 0)
    usage_error(primitive, "%s is NULL but nbytes is %d; pass a valid address", name, nbytes);
}

}  // namespace superstep
