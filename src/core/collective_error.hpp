// An error every process of the run finds at the same point with the same
// message: the summaries of a sync disagree (a collective call made by some
// processes only, or with different arguments). The engine prints it once
// (ErrorScope::kCollective, engines/engine.hpp); errors one process finds
// alone go through fatal or usage_error (util/errors.hpp).
#pragma once

#include <string>

namespace superstep {

[[noreturn]] void fatal_collective(const std::string& message);

}  // namespace superstep
