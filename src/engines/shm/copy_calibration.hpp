// How large transfers move where cross-memory attach works: read in the
// source's memory with process_vm_readv (one copy, but the kernel pins every
// page on each call), or copied twice through memory every process maps (the
// shared mailboxes and staging areas: two plain memcpys). Which is cheaper
// differs between machines (in a virtual machine pinning pages is dear), so
// pid 0 measures it once in bsp_begin, before the fork. Small transfers
// always take the copies: there the system call's fixed cost dominates.
#pragma once

namespace superstep::shm {

// True when large transfers (streams and gets over 256 KiB, hpputs over
// 1 KiB) are copied. BSP_FORCE=xmem_large=copy or read forces the answer; unset or
// auto: false where cross-memory reads are not available (`can_read_remote`
// false: everything is copied then anyway), else measured: true when reading
// 512 KiB with process_vm_readv took longer than two memcpys of it (best of
// three each; well under a millisecond). With BSP_VERBOSE=1 says on stderr
// what it measured and chose.
bool copy_large_transfers(bool can_read_remote);

}  // namespace superstep::shm
