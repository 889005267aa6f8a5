#include "report.hpp"

#include <cstdio>

#include "paper.hpp"
#include "superstep_internal/text_format.hpp"

namespace bsproute {

namespace {

using superstep::format;

std::string describe(const Scenario& s) {
  return format(
      "%s n=%d (N=%d) h=%d routing=%s pattern=%s external-links=%s service-rate=%s",
      s.topology.c_str(), s.n, 1 << s.n, s.h, routing_name(s.routing).c_str(),
      pattern_name(s.pattern).c_str(), s.model.external_links ? "on" : "off",
      s.model.service_rate > 0 ? format("%g", s.model.service_rate).c_str() : "unlimited");
}

std::string spread_row(const char* name, const Spread& s) {
  return format("  %-22s %10.3f %10.3f %10.3f %10.3f\n", name, s.mean, s.stddev, s.min, s.max);
}

}  // namespace

std::string run_report(const CampaignResult& r) {
  std::string out = "bsproute run: " + describe(r.scenario) +
                    format(", seed %llu\n\n", static_cast<unsigned long long>(r.seed));
  out += "   run   steps  busiest-node  max-queue  link-use  hops/packet\n";
  for (std::size_t i = 0; i < r.runs.size(); ++i) {
    const RunStats& s = r.runs[i];
    out += format("  %4zu %7ld %13ld %10ld %9.3f %12.3f\n", i, s.steps, s.busiest_node, s.max_queue,
                  s.link_utilisation, s.mean_hops);
  }
  out += format("\n  %-22s %10s %10s %10s %10s\n", "over runs", "mean", "stddev", "min", "max");
  out += spread_row("routing steps r", r.steps);
  out += spread_row("busiest node d", r.busiest_node);
  out += spread_row("max queue", r.max_queue);
  out += spread_row("link utilisation", r.link_utilisation);
  out += spread_row("hops per packet", r.mean_hops);
  if (r.scenario.topology == "hypercube") {
    const double n = r.scenario.n, h = r.scenario.h;
    out += format(
        "\n  the fitted laws of Juurlink and Wijshoff (1993) at this n, h:\n"
        "  r = 1.22h + 1.6n = %.1f, d = (1.1 + 0.7n)h = %.1f\n",
        paper::kStepsPerH * h + paper::kStepsPerN * n,
        (paper::kBusiestPerH + paper::kBusiestPerNH * n) * h);
  }
  return out;
}

std::string grid_report(const GridResult& g) {
  const Scenario& b = g.spec.base;
  std::string out = format(
      "bsproute fit: %s, routing=%s, pattern=%s, external-links=%s, %d runs per point, seed "
      "%llu\n\n",
      b.topology.c_str(), routing_name(b.routing).c_str(), pattern_name(b.pattern).c_str(),
      b.model.external_links ? "on" : "off", g.spec.runs,
      static_cast<unsigned long long>(g.spec.seed));
  out += "     n      h    steps r (sd)   busiest d (sd)   max-queue  link-use   r fit  d fit\n";
  const LawFit& f = g.laws;
  for (const GridPoint& p : g.points) {
    const double r_fit = f.steps_per_h * p.h + f.steps_per_n * p.n;
    const double d_fit = (f.busiest_per_h + f.busiest_per_nh * p.n) * p.h;
    out += format("  %4d %6d %9.2f (%5.2f) %9.2f (%5.2f) %10.2f %9.3f %7.1f %6.1f\n", p.n, p.h,
                  p.steps.mean, p.steps.stddev, p.busiest_node.mean, p.busiest_node.stddev,
                  p.max_queue.mean, p.link_utilisation.mean, r_fit, d_fit);
  }
  out +=
      "\n  law                       fitted here                    Juurlink and Wijshoff (1993)\n";
  out += format("  routing steps r(n,h)      %5.2fh + %4.2fn  (R^2 %.4f)   %.2fh + %.1fn\n",
                f.steps_per_h, f.steps_per_n, f.steps_fit.r2, paper::kStepsPerH, paper::kStepsPerN);
  out += format("  busiest node d(n,h)       (%4.2f + %4.2fn)h (R^2 %.4f)   (%.1f + %.1fn)h\n",
                f.busiest_per_h, f.busiest_per_nh, f.busiest_fit.r2, paper::kBusiestPerH,
                paper::kBusiestPerNH);
  out += format("  largest relative residual: r %.1f%%, d %.1f%%\n",
                100 * f.steps_fit.max_relative_residual, 100 * f.busiest_fit.max_relative_residual);
  return out;
}

namespace {
const paper::TimeFit* find_fit(const auto& table, int n, int m) {
  for (const auto& f : table)
    if (f.n == n && f.m == m) return &f;
  return nullptr;
}
}  // namespace

std::string transputer_report(const std::vector<TransputerCase>& cases,
                              double bytes_per_microsecond, double routing_delay_us) {
  std::string out = format(
      "bsproute transputer: an h-relation on a network of transputers, as Juurlink and Wijshoff "
      "(1993) model and measure it, B = %g Mbyte/s, t_d = %g us; each time T(n,m,h) = a h + b "
      "microseconds\n\n",
      bytes_per_microsecond, routing_delay_us);
  out +=
      "   n   m     simulated         model              paper predicted    paper measured    "
      "bytes/s at h = 100, simulated / measured\n";
  for (const TransputerCase& c : cases) {
    const TimeLine model = paper_prediction(c.n, c.m, bytes_per_microsecond, routing_delay_us);
    const paper::TimeFit* pred = find_fit(paper::kPredicted, c.n, c.m);
    const paper::TimeFit* meas = find_fit(paper::kMeasured, c.n, c.m);
    const double sim_rate = effective_rate(c.m, 100, c.a * 100 + c.b);
    out +=
        format("  %2d %3d  %6.1fh + %5.0f  %6.1fh + %5.0f", c.n, c.m, c.a, c.b, model.a, model.b);
    out += pred ? format("  %6.1fh + %5.0f", pred->a, pred->b) : std::string("         -        ");
    out += meas ? format("  %6.1fh + %5.0f", meas->a, meas->b) : std::string("         -        ");
    out += format("    %.2e", sim_rate);
    if (meas) out += format(" / %.2e", effective_rate(c.m, 100, meas->a * 100 + meas->b));
    out += "\n";
  }
  out +=
      "\n  simulated: mean completion steps x t_m (t_m = m/B), routers making t_m/t_d decisions "
      "per "
      "step;\n  model: the paper's T(n,m,h) = (1.22h + 1.6n) m/B + (1.1 + 0.7n) h t_d with these "
      "B, t_d.\n";
  return out;
}

std::string efficiency_report(const std::vector<EfficiencyCurve>& dma,
                              const std::vector<EfficiencyCurve>& crossbar,
                              const EfficiencyModel& model) {
  std::string out = format(
      "bsproute efficiency: the bandwidth a node needs to keep a given efficiency, as Juurlink "
      "and Wijshoff (1993) model it, L = %g, t_d/t_m = %g, %.2f packets per instruction\n",
      model.L, model.td_over_tm, model.packets_per_instruction());
  auto table = [&](const char* title, const std::vector<EfficiencyCurve>& curves) {
    out += format("\n  %s: C/t_m needed for the efficiency at the head of each column\n  %8s",
                  title, "nodes");
    for (const auto& c : curves) out += format("  %5.0f%%", 100 * c.efficiency);
    out += "\n";
    if (curves.empty()) return;
    for (std::size_t i = 0; i < curves.front().nodes.size(); ++i) {
      out += format("  %8.0f", curves.front().nodes[i]);
      for (const auto& c : curves) out += format(" %8.2f", c.lambda[i]);
      out += "\n";
    }
  };
  table("nodes with DMA", dma);
  table("nodes joined by a crossbar", crossbar);
  return out;
}

}  // namespace bsproute
