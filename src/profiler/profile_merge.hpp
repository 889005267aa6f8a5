// Makes one profile file out of the part files the processes of a run wrote
// (profile_files.hpp). Used by process 0 at bsp_end, and by bsprun --profile
// and bspprof when the program stopped before that. A process whose part has
// no "ended" line stopped early, and the profile says it is incomplete.
#pragma once

#include <string>

namespace superstep::profile {

// Reads FILE.parts, writes FILE (through a temporary file and a rename, so
// FILE is never half-written) and removes the parts. Returns an empty string,
// or what went wrong.
std::string merge_parts(const std::string& file);

// The merged text without touching any file; empty with `error` set when
// there are no parts.
std::string merged_text(const std::string& file, std::string& error);

}  // namespace superstep::profile
