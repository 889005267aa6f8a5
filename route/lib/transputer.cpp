#include "transputer.hpp"

#include <stdexcept>

#include "campaign.hpp"
#include "paper.hpp"

namespace bsproute {

TimeLine law_prediction(const RoutingLaws& laws, int n, double m, double bytes_per_microsecond,
                        double routing_delay_us) {
  const double t_m = m / bytes_per_microsecond;
  TimeLine t;
  t.a = laws.steps_per_h * t_m + (laws.busiest_per_h + laws.busiest_per_nh * n) * routing_delay_us;
  t.b = laws.steps_per_n * n * t_m;
  return t;
}

TimeLine paper_prediction(int n, double m, double bytes_per_microsecond, double routing_delay_us) {
  RoutingLaws paper_laws;
  paper_laws.steps_per_h = paper::kStepsPerH;
  paper_laws.steps_per_n = paper::kStepsPerN;
  paper_laws.busiest_per_h = paper::kBusiestPerH;
  paper_laws.busiest_per_nh = paper::kBusiestPerNH;
  return law_prediction(paper_laws, n, m, bytes_per_microsecond, routing_delay_us);
}

double effective_rate(double m, double h, double microseconds) {
  return m * h / (microseconds * 1e-6);
}

std::vector<TransputerCase> run_transputer(const TransputerSpec& spec) {
  if (spec.ns.empty() || spec.packet_bytes.empty() || spec.hs.size() < 2)
    throw std::invalid_argument("the transputer experiment needs n, m and at least two h");
  if (!(spec.bytes_per_microsecond > 0) || !(spec.routing_delay_us > 0))
    throw std::invalid_argument("B and t_d must be positive");
  std::vector<TransputerCase> out;
  for (int n : spec.ns)
    for (int m : spec.packet_bytes) {
      if (m <= 0)
        throw std::invalid_argument("packet size m must be positive, got " + std::to_string(m));
      const double t_m = m / spec.bytes_per_microsecond;
      TransputerCase c;
      c.n = n;
      c.m = m;
      std::vector<std::vector<double>> rows;
      for (int h : spec.hs) {
        Scenario s;
        s.topology = "hypercube";
        s.n = n;
        s.h = h;
        s.routing = spec.routing;
        s.model.external_links = true;
        s.model.service_rate = t_m / spec.routing_delay_us;
        const auto point = static_cast<std::uint64_t>(n) * 65536 + static_cast<std::uint64_t>(h);
        const CampaignResult r = run_campaign(s, spec.runs, Rng::derive(spec.seed, point));
        c.h.push_back(h);
        c.microseconds.push_back(r.steps.mean * t_m);
        rows.push_back({static_cast<double>(h), 1.0});
      }
      const toolkit::LinearFit fit = toolkit::fit_least_squares(rows, c.microseconds);
      c.a = fit.coefficients[0];
      c.b = fit.coefficients[1];
      c.r2 = fit.r2;
      out.push_back(std::move(c));
    }
  return out;
}

}  // namespace bsproute
