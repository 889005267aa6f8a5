// Who found an error. Core decides it; an engine's abort_all acts on it
// (engines/engine.hpp), so it lives apart from the rest of util/errors.hpp.
#pragma once

namespace superstep {

// kLocal: this process alone found the error. kCollective: every process
// finds it at the same point with the same message (the summaries of a sync
// disagree), so one of them can print it for all.
enum class ErrorScope { kLocal, kCollective };

}  // namespace superstep
