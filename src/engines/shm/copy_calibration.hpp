// Which is cheaper on this machine for a large bsp_hpput: reading it in the
// source's memory at the sync with cross-memory attach (one copy, but the
// kernel pins every page on each call), or copying it at the call into the
// shared staging area and out again at the sync (two plain memcpys). The
// answer differs between machines (in a virtual machine pinning pages is
// dear), so pid 0 measures it once in bsp_begin, before the fork.
#pragma once

namespace superstep::shm {

// True when large hpputs should be staged: BSP_HPPUT=stage or read forces
// the answer; unset or auto: false where cross-memory reads are not
// available (`can_read_remote`: everything is staged or inline then anyway),
// else measured: it and stages when reading 512 KiB with
// process_vm_readv took longer than two memcpys of it (best of three each;
// well under a millisecond). With BSP_VERBOSE=1 says on stderr what it
// measured and chose.
bool stage_large_hpputs(bool can_read_remote);

}  // namespace superstep::shm
