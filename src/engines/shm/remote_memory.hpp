// Copies bytes out of another process's memory with Linux cross-memory attach
// (process_vm_readv): straight from the remote pages into the local ones, one
// copy, no staging buffer; except a range at a distance where the kernel's
// copy crawls, which goes through a buffer (remote_memory.cpp).
#pragma once

#include <sys/types.h>
#include <sys/uio.h>

#include <cstddef>

namespace superstep::shm {

// Copies the remote ranges (concatenated) into the local ranges (concatenated);
// both lists describe the same number of bytes. Any number of ranges; partial
// transfers are resumed. Returns 0, or the errno of the failing call.
int read_process_memory(pid_t pid, const iovec* local, std::size_t nlocal, const iovec* remote,
                        std::size_t nremote);

}  // namespace superstep::shm
