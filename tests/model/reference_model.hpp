// The reference model: BSPlib semantics (the paper, sections 3 and 4, with
// the choices DESIGN.md makes where the paper leaves one open), executed in a
// single process on a Program. It is the executable form of the spec, kept
// simple on purpose: no speed tricks, every rule in one obvious place.
//
// For every process it produces the log of observations the real library must
// produce on the same program (observations.hpp), or stops at the first
// operation that is an error, that makes the result undefined, or that ends a
// process early.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bsp_program.hpp"
#include "observations.hpp"

namespace superstep::model {

struct ModelStop {
  enum class Kind {
    kMisuse,     // the library must stop with an error message naming primitive/pid/superstep
    kUndefined,  // legal to call, but BSPlib leaves the result undefined (hp overlaps)
    kInvalid,    // the program itself is broken (address outside its buffers, a team's
                 // sync outside a team, a program superstep that ends inside a team)
    kEarlyEnd,   // an abort, a signal, exit or bsp_end ends a process on purpose
  };
  Kind kind = Kind::kMisuse;
  std::string primitive;  // e.g. "bsp_put"; for collective mismatches the collective
  int pid = -1;           // the process at fault (its pid in the program, also inside a
                          // team); -1 when no single process is
  int superstep = 0;      // the program's superstep, with the teams entered in it
  std::string what;       // human-readable reason
  int op_index = -1;      // the op in program.supersteps[superstep].ops[pid], when one is at fault
};

// One process's part of a registration slot (paper section 3.1).
struct Registration {
  Addr ident;  // NULL: this process takes part in the slot, but its memory counts as unregistered
  int size = 0;
};

// The state at the start of a superstep, for building programs step by step
// (of the machine bsp_begin started: teams leave it as it was).
struct StepState {
  std::vector<std::vector<Registration>> slots;  // [slot][pid], oldest slot first
  std::vector<int> queue_lengths;                // messages readable, per process
  int tagsize = 0;                               // tag size in effect
};

struct ModelOptions {
  bool full_memory = false;  // observe buffers as hex instead of digests
  bool observe = true;       // false: keep no logs (when only the state matters)
};

struct ModelResult {
  std::vector<ProcessLog> logs;  // logs[pid], up to the stop if there is one
  std::optional<ModelStop> stop;
  // states[s]: at the start of superstep s; the last entry is after the final
  // sync (only when the program ran to its end).
  std::vector<StepState> states;
};

ModelResult run_model(const Program& program, const ModelOptions& options = {});

std::string describe(const ModelStop& stop);

// Runs a program one superstep at a time, for building programs step by step;
// copying it saves the state, to try a superstep and go back.
class SteppingModel {
 public:
  // Uses the program's seed, process count and buffers; not its supersteps.
  explicit SteppingModel(const Program& shape, const ModelOptions& options = {});
  SteppingModel(const SteppingModel& other);
  SteppingModel& operator=(const SteppingModel& other);
  SteppingModel(SteppingModel&& other) noexcept;
  SteppingModel& operator=(SteppingModel&& other) noexcept;
  ~SteppingModel();

  // After a stop the model is in the middle of a superstep: discard it.
  std::optional<ModelStop> run_superstep(const Superstep& step);
  StepState state() const;
  // The state in which the last part of the superstep last run began: after
  // its last bsp_team_begin on the machine bsp_begin started, or at its start.
  StepState segment_state() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace superstep::model
