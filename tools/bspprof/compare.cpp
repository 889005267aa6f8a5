#include "compare.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "tables.hpp"

namespace bspprof {

std::string compare_text(const Assessment& a, const Assessment& b, std::size_t max_rows) {
  const Profile &pa = *a.profile, &pb = *b.profile;
  std::ostringstream out;
  char line[512];
  out << "A: " << pa.source << ": " << pa.program << ", p = " << pa.nprocs << ", "
      << pa.steps.size() << " supersteps" << (pa.complete ? "" : " (INCOMPLETE)") << "\n";
  out << "B: " << pb.source << ": " << pb.program << ", p = " << pb.nprocs << ", "
      << pb.steps.size() << " supersteps" << (pb.complete ? "" : " (INCOMPLETE)") << "\n";
  if (pa.steps.size() != pb.steps.size())
    out << "the two runs have different numbers of supersteps; the first "
        << std::min(pa.steps.size(), pb.steps.size()) << " are compared\n";
  out << "\n";
  std::snprintf(line, sizeof line, "%6s %-24s %10s %10s %10s %10s %12s %12s %7s\n", "step", "site",
                "W A us", "W B us", "h A", "h B", "time A us", "time B us", "B/A");
  out << line;
  const std::size_t n = std::min(pa.steps.size(), pb.steps.size());
  const std::size_t rows = max_rows == 0 ? n : std::min(n, max_rows);
  for (std::size_t s = 0; s < rows; ++s) {
    const StepPrediction &x = a.prediction.steps[s], &y = b.prediction.steps[s];
    std::string site = where(pa.steps[s].procs[0]);
    if (site.size() > 24) site = "..." + site.substr(site.size() - 21);
    std::snprintf(line, sizeof line, "%6zu %-24s %10.1f %10.1f %10.0f %10.0f %12.1f %12.1f %7.2f\n",
                  s, site.c_str(), x.W * 1e6, y.W * 1e6, x.h, y.h, x.measured * 1e6,
                  y.measured * 1e6, x.measured > 0 ? y.measured / x.measured : 0.0);
    out << line;
  }
  if (rows < n) out << "... " << n - rows << " more supersteps (--max-rows 0 shows all)\n";
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
