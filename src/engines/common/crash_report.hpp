// For engines whose processes share nothing (mpi, udp): a process that crashes
// inside bsp_begin..bsp_end (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) prints
// Superstep's message, naming the process, the signal and the superstep,
// before it dies of the signal and the launcher ends the job. On shared
// memory the supervising process reports this; here no other process learns
// who died or why, so the dying one has to say it. (SIGKILL cannot be caught:
// then the launcher, or the udp engine's silence detection, names the rank.)
#pragma once

#include <cstdint>

namespace superstep {

// Installs the handlers (under MPI after MPI_Init, so that they replace Open
// MPI's backtrace printer) for process `pid`. `tell_others`, when given, runs
// in the signal handler after the message is printed: it may only make
// async-signal-safe calls.
void install_crash_report(int pid, void (*tell_others)(int signo) = nullptr);
// The superstep a crash report names from now on.
void note_crash_superstep(std::uint64_t superstep);
// After bsp_end: the handlers from before install_crash_report again.
void remove_crash_report();

}  // namespace superstep
