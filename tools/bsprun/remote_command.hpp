// The command bsprun gives the remote shell (ssh, or --rsh / BSP_RSH) to run
// processes of a udp job on another host: the remote shell's words, the host,
// and one command line for the host's shell that goes to the same working
// directory and runs `bsprun --udp-host RANKS -- program args` (bsprun at the
// same path as here) with this job's BSP_* environment. That bsprun starts the
// host's processes and kills them when the session closes (udp_host.hpp).
#pragma once

#include <string>
#include <vector>

namespace bsprun {

inline constexpr const char* kDefaultRemoteShell = "ssh";

// `text` quoted for a POSIX shell: 'text', with each ' written '\''.
std::string shell_quote(const std::string& text);

// The remote shell's words: `rsh` split at blanks ("ssh -p 2222" is two).
std::vector<std::string> remote_shell_words(const std::string& rsh);

std::vector<std::string> remote_command(const std::vector<std::string>& remote_shell,
                                        const std::string& host, const std::vector<int>& ranks,
                                        char** program);

}  // namespace bsprun
