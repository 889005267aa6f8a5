// Shrinks a failing program to a small one that still fails: deletes whole
// supersteps, whole teams (from bsp_team_begin to bsp_team_end, on every
// process of the split), collective calls on every process at once, and
// single operations, as long as the reference model still accepts the
// program and the failure persists.
#pragma once

#include <functional>

#include "bsp_program.hpp"

namespace superstep::differential {

using FailurePredicate = std::function<bool(const model::Program&)>;

// Tries at most `max_runs` candidates (each costs one run of the library).
model::Program shrink_program(model::Program program, const FailurePredicate& still_fails,
                              int max_runs);

}  // namespace superstep::differential
