#include "compare.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <sstream>
#include <utility>
#include <vector>

#include "tables.hpp"

namespace bspprof {

namespace {

// Each superstep's call site (process 0's, with its label) and how many
// supersteps ended there before it: what pairs it with the other run's.
std::vector<std::pair<std::string, std::size_t>> keys_of(const Profile& prof) {
  std::map<std::string, std::size_t> seen;
  std::vector<std::pair<std::string, std::size_t>> keys;
  for (const Superstep& step : prof.steps) {
    const std::string site = where(step.procs[0]);
    keys.emplace_back(site, seen[site]++);
  }
  return keys;
}

std::string ordinal(std::size_t n) {
  const std::size_t k = n + 1;
  const char* suffix = (k % 100 >= 11 && k % 100 <= 13) ? "th"
                       : k % 10 == 1                     ? "st"
                       : k % 10 == 2                     ? "nd"
                       : k % 10 == 3                     ? "rd"
                                                         : "th";
  return std::to_string(k) + suffix;
}

std::string cell(std::optional<double> v, const char* f, int width) {
  char buf[64];
  if (v)
    std::snprintf(buf, sizeof buf, f, width, *v);
  else
    std::snprintf(buf, sizeof buf, "%*s", width, "-");
  return buf;
}

std::string step_cell(std::optional<std::size_t> s) {
  char buf[32];
  if (s)
    std::snprintf(buf, sizeof buf, "%6zu", *s);
  else
    std::snprintf(buf, sizeof buf, "%6s", "-");
  return buf;
}

// "2 (synthetic.c:11, the 2nd superstep there)" for each superstep without a partner.
std::string unpaired_list(const std::vector<std::size_t>& steps,
                          const std::vector<std::pair<std::string, std::size_t>>& keys) {
  std::string out;
  for (std::size_t s : steps) {
    if (!out.empty()) out += "; ";
    out += std::to_string(s) + " (" + keys[s].first + ", the " + ordinal(keys[s].second) +
           " superstep there)";
  }
  return out;
}

}  // namespace

std::string compare_text(const Assessment& a, const Assessment& b, std::size_t max_rows) {
  const Profile &pa = *a.profile, &pb = *b.profile;
  std::ostringstream out;
  char line[512];
  out << "A: " << pa.source << ": " << pa.program << ", p = " << pa.nprocs << ", "
      << pa.steps.size() << " supersteps" << (pa.complete ? "" : " (INCOMPLETE)") << "\n";
  out << "B: " << pb.source << ": " << pb.program << ", p = " << pb.nprocs << ", "
      << pb.steps.size() << " supersteps" << (pb.complete ? "" : " (INCOMPLETE)") << "\n";
  out << "supersteps are paired by call site and by their count there (the 2nd superstep to end "
         "at a site in A with the 2nd to end there in B)\n\n";

  const auto keys_a = keys_of(pa), keys_b = keys_of(pb);
  std::map<std::pair<std::string, std::size_t>, std::size_t> in_b;
  for (std::size_t s = 0; s < keys_b.size(); ++s) in_b[keys_b[s]] = s;
  // Rows in A's order, each with its partner in B; then B's supersteps without one.
  std::vector<std::pair<std::optional<std::size_t>, std::optional<std::size_t>>> rows;
  std::vector<bool> b_paired(keys_b.size(), false);
  std::vector<std::size_t> only_a, only_b;
  for (std::size_t s = 0; s < keys_a.size(); ++s) {
    auto it = in_b.find(keys_a[s]);
    if (it == in_b.end()) {
      rows.emplace_back(s, std::nullopt);
      only_a.push_back(s);
    } else {
      rows.emplace_back(s, it->second);
      b_paired[it->second] = true;
    }
  }
  for (std::size_t s = 0; s < keys_b.size(); ++s)
    if (!b_paired[s]) {
      rows.emplace_back(std::nullopt, s);
      only_b.push_back(s);
    }

  std::snprintf(line, sizeof line, "%6s %6s %-24s %10s %10s %10s %10s %12s %12s %7s\n", "A",
                "B", "site", "W A us", "W B us", "h A", "h B", "time A us", "time B us", "B/A");
  out << line;
  const std::size_t shown = max_rows == 0 ? rows.size() : std::min(rows.size(), max_rows);
  for (std::size_t r = 0; r < shown; ++r) {
    const auto [sa, sb] = rows[r];
    const StepPrediction* x = sa ? &a.prediction.steps[*sa] : nullptr;
    const StepPrediction* y = sb ? &b.prediction.steps[*sb] : nullptr;
    const std::string site = cut_site(sa ? keys_a[*sa].first : keys_b[*sb].first, 24);
    auto of = [](const StepPrediction* p, double StepPrediction::*field,
                 double scale) -> std::optional<double> {
      if (!p) return std::nullopt;
      return p->*field * scale;
    };
    std::optional<double> ratio;
    if (x && y && x->measured > 0) ratio = y->measured / x->measured;
    out << step_cell(sa) << " " << step_cell(sb) << " ";
    std::snprintf(line, sizeof line, "%-24s", site.c_str());
    out << line << cell(of(x, &StepPrediction::W, 1e6), " %*.1f", 10)
        << cell(of(y, &StepPrediction::W, 1e6), " %*.1f", 10)
        << cell(of(x, &StepPrediction::h, 1), " %*.0f", 10)
        << cell(of(y, &StepPrediction::h, 1), " %*.0f", 10)
        << cell(of(x, &StepPrediction::measured, 1e6), " %*.1f", 12)
        << cell(of(y, &StepPrediction::measured, 1e6), " %*.1f", 12)
        << cell(ratio, " %*.2f", 7) << "\n";
  }
  if (shown < rows.size())
    out << "... " << rows.size() - shown << " more rows (--max-rows 0 shows all)\n";
  if (only_a.empty() && only_b.empty()) out << "every superstep has its partner\n";
  if (!only_a.empty())
    out << only_a.size() << " of A's supersteps have no partner in B: "
        << unpaired_list(only_a, keys_a) << "\n";
  if (!only_b.empty())
    out << only_b.size() << " of B's supersteps have no partner in A: "
        << unpaired_list(only_b, keys_b) << "\n";
  out << "\n";
  std::snprintf(line, sizeof line, "measured total: A %.6f s, B %.6f s, B/A %.2f\n",
                a.prediction.measured, b.prediction.measured,
                a.prediction.measured > 0 ? b.prediction.measured / a.prediction.measured : 0.0);
  out << line;
  for (std::size_t m = 0; m < a.models.size() && m < b.models.size(); ++m) {
    std::snprintf(line, sizeof line, "%-6s predicts A %.6f s (%+.0f%%), B %.6f s (%+.0f%%)\n",
                  a.models[m].name, a.models[m].total, a.models[m].total_error, b.models[m].total,
                  b.models[m].total_error);
    out << line;
  }
  return out.str();
}

}  // namespace bspprof
