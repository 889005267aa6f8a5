// Where a profile lives on disk while a program runs and after it ends
// (docs/bspprof.md). BSP_PROFILE=FILE asks for one; each process appends one
// JSON line per superstep to FILE.parts/<pid>.jsonl, and the parts become the
// single file FILE at bsp_end (or, when the program stopped early, in bsprun
// --profile or bspprof, marked incomplete).
#pragma once

#include <string>

namespace superstep::profile {

inline constexpr const char* kVariable = "BSP_PROFILE";
// A profile without teams is version 1, as it was before teams were recorded; one where some
// process entered a team is version 2, which adds each process's "teams" (docs/bspprof.md), so
// that a reader of version 1 refuses it rather than reads a team's time as computation.
inline constexpr const char* kSchema = "superstep-profile/1";
inline constexpr const char* kTeamsSchema = "superstep-profile/2";

inline std::string parts_dir(const std::string& file) { return file + ".parts"; }
inline std::string part_file(const std::string& file, int pid) {
  return parts_dir(file) + "/" + std::to_string(pid) + ".jsonl";
}

}  // namespace superstep::profile
