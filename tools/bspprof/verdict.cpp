#include "verdict.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace bspprof {

const char* name_of(Term term) {
  switch (term) {
    case Term::kWork:
      return "work";
    case Term::kImbalance:
      return "imbalance";
    case Term::kWords:
      return "h*g";
    case Term::kMessages:
      return "messages*o";
    case Term::kSmallMessages:
      return "small puts*o";
    case Term::kLatency:
      return "l";
    case Term::kBeyond:
      return "waiting beyond the model";
  }
  return "?";
}

StepVerdict judge_step(const StepPrediction& sp, const Params& par) {
  StepVerdict v;
  v.seconds[static_cast<int>(Term::kWork)] = sp.mean_w;
  v.seconds[static_cast<int>(Term::kImbalance)] = sp.W - sp.mean_w;
  // The words a process copies to itself at the sync are words too.
  v.seconds[static_cast<int>(Term::kWords)] = par.g * sp.h + sp.self_cost;
  v.seconds[static_cast<int>(Term::kMessages)] = sp.message_cost;
  v.seconds[static_cast<int>(Term::kSmallMessages)] = sp.small_cost;
  v.seconds[static_cast<int>(Term::kLatency)] = par.l;
  v.seconds[static_cast<int>(Term::kBeyond)] = std::max(0.0, sp.measured - sp.bsp);
  v.error = error_percent(sp.bsp, sp.measured);
  v.off = std::abs(v.error) > kTolerance * 100;
  const auto largest = std::max_element(v.seconds.begin(), v.seconds.end());
  v.dominant = static_cast<Term>(largest - v.seconds.begin());
  const double whole = std::max(sp.bsp, sp.measured);
  v.share = whole > 0 ? *largest / whole : 0;
  return v;
}

std::string describe(const StepVerdict& v) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%s %.0f%%", name_of(v.dominant), v.share * 100);
  std::string text = buf;
  // Where the model falls short and something else dominates, what it does not explain too.
  const double beyond = v.seconds[static_cast<int>(Term::kBeyond)];
  if (v.dominant != Term::kBeyond && beyond > 0 && v.share > 0) {
    const double whole = v.seconds[static_cast<int>(v.dominant)] / v.share;
    std::snprintf(buf, sizeof buf, ", %s %.0f%%", name_of(Term::kBeyond), beyond / whole * 100);
    text += buf;
  }
  return text;
}

}  // namespace bspprof
