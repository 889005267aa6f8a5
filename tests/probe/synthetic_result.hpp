// Raw timings made up from known g and l, and the result analyse() makes of them.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "analysis.hpp"
#include "pattern_table.hpp"
#include "plan.hpp"

namespace bspprobe::testing {

// Seconds per word for each pattern: the h-relation hypothesis holds exactly
// except that PingPong is twice as slow, as Roda et al. (1999) found on real machines.
inline double synthetic_g(const std::string& pattern, int p) {
  if (pattern == "PP") return 4e-9;
  if (pattern == "put") return 3e-9;
  if (pattern == "scattered") return 5e-9;  // 16-byte puts apart: 8 ns a put beyond bsp_put's
  return 2e-9 + (pattern == "global" ? 1e-10 * p : 0);
}
constexpr double kSyntheticL = 5e-6;
// Seconds per message beyond the one per transfer that the h grid carries
// (so the h line's intercept stays kSyntheticL): the Table 1 patterns cut
// their messages into pieces at equal h.
inline double synthetic_o(const std::string& pattern) { return pattern == "get" ? 4e-8 : 5e-9; }
// Seconds per message of at most kSmallBytes, which the library joins into records.
inline double synthetic_o_small(const std::string& pattern) {
  return pattern == "get" ? 3e-8 : 1e-9;
}
constexpr double kSyntheticIssuing = 1e-6;  // issuing one message per transfer

inline Json split_points(const Pattern& pattern, int p, const Plan& plan) {
  Json points = Json::array();
  const std::vector<Transfer> all = pattern_transfers(pattern, p);
  const long m = words_per_message(pattern, p, plan.split_h);
  const long h = h_relation(all, p, m, pattern.h_operator);
  const long one = h_relation(all, p, 1, pattern.h_operator);
  for (long pieces : piece_counts(m, plan.split_factor)) {
    const long messages = h_relation(all, p, pieces, pattern.h_operator);
    const bool small = m / pieces * kWordBytes <= kSmallBytes;
    const double extra = (small ? synthetic_o_small(pattern.name) : synthetic_o(pattern.name)) *
                         static_cast<double>(messages - one);
    const double t = synthetic_g(pattern.name, p) * static_cast<double>(h) + kSyntheticL + extra;
    Json point = Json::object();
    point["h_nominal"] = plan.split_h;
    point["h"] = h;
    point["m"] = m;
    point["pieces"] = pieces;
    point["messages"] = messages;
    point["samples"] = Json({t * 1.01, t, t * 0.99});
    // A fifth of o (and of o_small) goes to issuing the messages, before bsp_sync.
    const double issuing = kSyntheticIssuing + 0.2 * extra;
    point["issue_samples"] = Json({issuing * 1.01, issuing, issuing * 0.99});
    points.push_back(std::move(point));
  }
  return points;
}

inline Json synthetic_raw(int p, const Plan& plan) {
  Json raw = Json::object();
  raw["p"] = p;
  raw["l_samples"] = Json({kSyntheticL * 0.9, kSyntheticL, kSyntheticL * 1.2});
  Json series = Json::array();
  for (const Pattern& pattern : all_patterns()) {
    if (p < pattern.min_p) continue;
    Json points = Json::array();
    for (long nominal : plan.h_grid) {
      const long m = words_per_message(pattern, p, nominal);
      const long h = h_relation(pattern_transfers(pattern, p), p, m, pattern.h_operator);
      const double t = synthetic_g(pattern.name, p) * static_cast<double>(h) + kSyntheticL;
      Json point = Json::object();
      point["h_nominal"] = nominal;
      point["h"] = h;
      point["m"] = m;
      point["pieces"] = 1;
      point["messages"] = h_relation(pattern_transfers(pattern, p), p, 1, pattern.h_operator);
      point["samples"] = Json({t * 1.01, t, t * 0.99});
      point["issue_samples"] =
          Json({kSyntheticIssuing * 1.01, kSyntheticIssuing, kSyntheticIssuing * 0.99});
      points.push_back(std::move(point));
    }
    if (!is_formula4_pattern(pattern) && pattern.scattered_bytes == 0)
      for (Json& point : split_points(pattern, p, plan)) points.push_back(std::move(point));
    Json s = Json::object();
    s["name"] = pattern.name;
    s["points"] = std::move(points);
    series.push_back(std::move(s));
  }
  raw["series"] = std::move(series);
  return raw;
}

inline Json synthetic_result(const std::vector<int>& procs) {
  const Plan plan = make_plan(true, 1 << 14);
  std::vector<Json> raw;
  for (int p : procs) raw.push_back(synthetic_raw(p, plan));
  MachineInfo info{"Test CPU", "testhost", "2000-01-01T00:00:00Z", "quick", 2};
  ComputeRate rate;
  rate.inner_product_flops.median = 1e9;
  rate.matmul_flops.median = 3e9;  // s = 2e9
  Floors floors;
  floors.memcpy_seconds_per_byte.median = 1e-10;
  floors.barrier_seconds.median = 1e-6;
  return analyse(info, rate, floors, raw);
}

}  // namespace bspprobe::testing
