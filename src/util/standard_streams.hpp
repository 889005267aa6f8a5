// Flushing what a process has written but not yet handed to the kernel.
#pragma once

namespace superstep {

// Flushes every stdio output stream and the C++ standard streams (std::cout,
// std::cerr, std::clog and their wide twins, which are buffered separately
// after std::ios::sync_with_stdio(false)). Input streams are left alone: a
// forked process must not move the file offset it shares with its parent.
void flush_standard_streams();

}  // namespace superstep
