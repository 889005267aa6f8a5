// bsprun --udp-host RANKS -- program args: what a remote shell runs on each
// other host of a udp job (remote_command.hpp). It starts the host's processes
// of the job (their environment came with the command) and waits for them;
// when the session that started it closes (its standard output or error is
// hung up: bsprun ended or killed the remote shell), it kills them, so that
// nothing of the job stays running on the host. It dies with its processes
// too: they get SIGKILL when it ends.
#pragma once

namespace bsprun {

inline constexpr const char* kUdpHostOption = "--udp-host";

// argv: RANKS "--" program args... Returns the exit status (as spawn_udp's).
int run_udp_host(int argc, char** argv);

}  // namespace bsprun
