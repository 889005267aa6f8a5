// The library's half of `bsprun --tag-output` (tools/bsprun/tagged_output.hpp
// is the other half).
//
// The contract: bsprun listens on a Unix stream socket and passes its path in
// the environment variable SUPERSTEP_OUTPUT_SOCKET. Process 0 keeps the
// stdout and stderr it was started with (bsprun reads those as process 0's).
// Every other BSP process, right after it is created, connects to the socket
// twice, sends one header line on each connection, "<pid> 1\n" for its stdout
// and "<pid> 2\n" for its stderr, and makes the connections its file
// descriptors 1 and 2. bsprun then knows which process wrote every byte and
// prints whole lines prefixed with "[pid] ".
#pragma once

namespace superstep {

inline constexpr const char* kOutputSocketVariable = "SUPERSTEP_OUTPUT_SOCKET";

// Call in each newly created BSP process with its pid, before it runs any user
// code (stdio buffers must have been flushed before the fork). Does nothing
// when the variable is not set, for pid 0, or when the socket cannot be
// reached (the output then stays on the inherited descriptors).
void redirect_output_for_tagging(int pid);

}  // namespace superstep
