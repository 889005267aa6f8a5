// Runs bsp_interp (the real library) on programs and compares what every
// process observed with what the reference model says it must observe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bsp_program.hpp"
#include "observations.hpp"
#include "program_generator.hpp"
#include "subprocess.hpp"

namespace superstep::differential {

struct InterpConfig {
  std::string interp_path;     // the bsp_interp executable
  GeneratorOptions generator;  // must match between driver and interpreter
  double deadline_seconds = 120;
};

// Per program (in the order run), per process, the observed lines.
struct InterpRun {
  RunOutcome outcome;
  std::vector<std::vector<model::ProcessLog>> logs;
  bool all_done = false;  // every process wrote its end marker
};

InterpRun run_seeds(const InterpConfig& config, const std::vector<std::uint64_t>& seeds, int nprocs,
                    bool full);
InterpRun run_program(const InterpConfig& config, const model::Program& program, bool full,
                      bool check_leftovers = false);

// A difference between the real library and the model on one program.
struct Mismatch {
  std::string what;  // one paragraph: where the logs first differ, and how
};

// Compares one program's observed logs with the model's (nullopt: equal).
std::optional<Mismatch> compare_logs(const model::Program& program,
                                     const std::vector<model::ProcessLog>& observed, bool full);

// Runs one program alone; returns a mismatch if the library disagrees with
// the model or fails.
std::optional<Mismatch> check_program(const InterpConfig& config, const model::Program& program,
                                      bool full);

std::string shell_quote(const std::string& text);

}  // namespace superstep::differential
