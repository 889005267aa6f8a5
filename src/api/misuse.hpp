// The reports of a misuse of bsp_put, bsp_hpput, bsp_get, bsp_hpget and bsp_send: each names
// the first bad argument and, where the program passed it, the caller's file and line.
#pragma once

#include "util/errors.hpp"

namespace superstep {

// registered: the put's dst or the get's src, the address this process registered.
[[noreturn]] void drma_misuse(const Call& call, int pid, const void* src, const void* dst,
                              int offset, int nbytes, const void* registered);
[[noreturn]] void send_misuse(const Call& call, int pid, const void* tag, const void* payload,
                              int payload_nbytes);

}  // namespace superstep
