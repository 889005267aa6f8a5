// Joining a thread is not yet its end. std::thread::join (pthread_join)
// returns when the kernel clears the thread's id, early in the thread's exit;
// the kernel task lives on for a moment while it is torn down: still listed in
// /proc/self/task, still a target for tgkill and ptrace. Whatever inspects
// every thread of the process in that moment meets it half gone:
// LeakSanitizer's check at exit, right after a udp process joined its
// heartbeat thread, stops each listed thread with ptrace, cannot read the
// registers of this one, and prints "Unable to get registers from thread N"
// (measured: after 2000 joins of a thread on another processor, tgkill still
// found the thread 10 to 19 times).
#pragma once

#include <sys/types.h>

#include <thread>

namespace superstep::udp {

// The calling thread's id in the kernel, for join_until_gone.
pid_t current_thread_id();

// Joins `thread` and returns once the kernel has released it (waiting a second
// at most: the id could be reused meanwhile). `tid` is where the thread wrote
// its current_thread_id(); it is read after the join.
void join_until_gone(std::thread& thread, const pid_t& tid);

}  // namespace superstep::udp
