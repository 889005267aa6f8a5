#include "assessment.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bspprof {

double model_step(const StepPrediction& sp, int model) {
  return model == 0 ? sp.bsp : model == 1 ? sp.bspwb : sp.mpm;
}

namespace {

// What each process's computation holds of its team, per superstep (models.hpp).
TeamShares team_shares(const Assessment& a) {
  if (a.teams.empty()) return {};
  const Profile& prof = *a.profile;
  TeamShares shares(prof.steps.size(),
                    std::vector<TeamShare>(static_cast<std::size_t>(prof.nprocs)));
  for (const Assessment& t : a.teams) {
    const Team& team = *t.team;
    if (team.in() >= shares.size() || !t.params) continue;
    const Prediction& pr = t.prediction;
    for (std::size_t j = 0; j < team.outer_pids.size(); ++j) {
      const int outer = team.outer_pids[j];
      if (outer < 0 || outer >= prof.nprocs) continue;  // a member that recorded nothing
      TeamShare& share = shares[team.in()][static_cast<std::size_t>(outer)];
      share.measured += team.seconds[j];
      share.predicted[0] += pr.bsp;
      share.predicted[1] += pr.bspwb;
      share.predicted[2] += pr.mpm;
    }
  }
  return shares;
}

}  // namespace

Assessment assess(const Profile& profile, const std::optional<Params>& params, HOperator op,
                  const ParamsForSize& team_params) {
  Assessment a;
  a.profile = &profile;
  a.params = params;
  for (const Team& team : profile.teams) {
    if (team.machine.steps.empty()) continue;
    a.teams.push_back(assess(team.machine, team_params ? team_params(team.machine.nprocs) : params,
                             op, team_params));
    a.teams.back().team = &team;
  }
  a.prediction = params ? predict(profile, *params, team_shares(a)) : measure(profile, op);
  if (!params) return a;
  const Prediction& pr = a.prediction;
  const char* names[3] = {"BSP", "BSPWB", "MPM"};
  const double totals[3] = {pr.bsp, pr.bspwb, pr.mpm};
  for (int m = 0; m < 3; ++m) {
    ModelError e;
    e.name = names[m];
    e.total = totals[m];
    e.total_error = error_percent(e.total, pr.measured);
    std::vector<double> magnitudes;
    for (std::size_t s = 0; s < pr.steps.size(); ++s) {
      double err = error_percent(model_step(pr.steps[s], m), pr.steps[s].measured);
      magnitudes.push_back(std::fabs(err));
      if (std::fabs(err) > std::fabs(e.worst_error) || s == 0) {
        e.worst_error = err;
        e.worst_step = s;
      }
    }
    std::vector<double> sorted = magnitudes;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();
    e.median_error = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    auto miss = [&](std::size_t s) {
      return std::fabs(model_step(pr.steps[s], m) - pr.steps[s].measured);
    };
    std::sort(order.begin(), order.end(),
              [&](std::size_t x, std::size_t y) { return miss(x) > miss(y); });
    order.resize(std::min<std::size_t>(3, n));
    e.most_wrong = order;
    a.models.push_back(e);
  }
  return a;
}

}  // namespace bspprof
