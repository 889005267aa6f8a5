// The core entry point behind MulticoreBSP's bsp_direct_get.
#pragma once

#include <cstddef>

namespace superstep {

// Copies nbytes from the registered area `src` of process pid, starting at
// offset, into dst before returning. src is this process's address of the
// registration (the newest slot holding it that took effect at an earlier
// sync); the read sees the remote memory as it is now, unbuffered and not
// atomic. Misuse (bad pid, unregistered src, offset + nbytes beyond the
// remote size, outside bsp_begin..bsp_end) stops the program with the usual
// message naming bsp_direct_get.
void direct_get(int pid, const void* src, std::size_t offset, void* dst, std::size_t nbytes);

}  // namespace superstep
