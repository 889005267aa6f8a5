// A profile with its predictions and the figures every output shows: per
// model the total error and the per-superstep errors (median and worst).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "models.hpp"
#include "profile.hpp"

namespace bspprof {

struct ModelError {
  const char* name = "";
  double total = 0;         // predicted total, seconds
  double total_error = 0;   // percent
  double median_error = 0;  // median of the per-superstep |error|, percent
  double worst_error = 0;   // the per-superstep error of largest magnitude, percent
  std::size_t worst_step = 0;
  std::vector<std::size_t> most_wrong;  // supersteps with the largest |predicted - measured|
};

struct Assessment {
  const Profile* profile = nullptr;
  std::optional<Params> params;
  Prediction prediction;
  std::vector<ModelError> models;  // BSP, BSPWB, MPM; empty without parameters
  const Team* team = nullptr;      // the team assessed, where this is a team's
  std::vector<Assessment> teams;   // the profile's teams that recorded supersteps, in its order
};

// The parameters for a machine of `nprocs` processes (a team's size), or none.
using ParamsForSize = std::function<std::optional<Params>(int nprocs)>;

// Each team is assessed first, with team_params for its size (`params` where that is empty),
// and the machine's models charge each team's predicted time in place of its measured one
// (models.hpp, TeamShare).
Assessment assess(const Profile& profile, const std::optional<Params>& params, HOperator op,
                  const ParamsForSize& team_params = {});

// The model's prediction for superstep s (0: BSP, 1: BSPWB, 2: MPM).
double model_step(const StepPrediction& sp, int model);

}  // namespace bspprof
