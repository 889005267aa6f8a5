// The misuse and fault campaigns: programs with exactly one illegal operation
// or one dying process must end with one clear message naming the process,
// primitive and superstep, a non-zero exit status, and nothing left behind.
#pragma once

#include <cstdint>
#include <string>

#include "interp_runner.hpp"

namespace superstep::differential {

struct CampaignConfig {
  InterpConfig interp;
  std::uint64_t seed = 1;
  double fault_deadline = 2.0;  // a run with a dead process must end within this
  std::string save_dir = ".";   // where programs that did not behave are saved
};

// `per_kind` programs for every misuse kind; prints a table; 0 if all behaved.
int run_misuse_campaign(const CampaignConfig& config, long per_kind);
// `per_kind` programs for every fault kind (SIGKILL, SIGSEGV, exit without bsp_end).
int run_fault_campaign(const CampaignConfig& config, long per_kind);

}  // namespace superstep::differential
