#include "route_json.hpp"

#include "paper.hpp"

namespace bsproute {

using toolkit::Json;

namespace {

Json spread_json(const Spread& s) {
  Json j = Json::object();
  j.set("mean", s.mean);
  j.set("stddev", s.stddev);
  j.set("min", s.min);
  j.set("max", s.max);
  return j;
}

Json scenario_json(const Scenario& s, bool with_size) {
  Json j = Json::object();
  j.set("topology", s.topology);
  if (with_size) {
    j.set("n", s.n);
    j.set("h", s.h);
  }
  j.set("routing", routing_name(s.routing));
  j.set("pattern", pattern_name(s.pattern));
  j.set("external_links", s.model.external_links);
  j.set("service_rate", s.model.service_rate);  // 0: unlimited
  return j;
}

Json curves_json(const std::vector<EfficiencyCurve>& curves) {
  Json a = Json::array();
  for (const auto& c : curves) {
    Json j = Json::object();
    j.set("efficiency", c.efficiency);
    j.set("nodes", Json::numbers(c.nodes));
    j.set("c_over_tm", Json::numbers(c.lambda));
    a.push_back(j);
  }
  return a;
}

}  // namespace

Json run_json(const CampaignResult& r) {
  Json j = Json::object();
  j.set("scenario", scenario_json(r.scenario, true));
  j.set("seed", static_cast<double>(r.seed));
  Json runs = Json::array();
  for (const RunStats& s : r.runs) {
    Json o = Json::object();
    o.set("steps", s.steps);
    o.set("busiest_node", s.busiest_node);
    o.set("max_queue", s.max_queue);
    o.set("link_utilisation", s.link_utilisation);
    o.set("mean_hops", s.mean_hops);
    o.set("packets", s.packets);
    o.set("delivered", s.delivered);
    runs.push_back(o);
  }
  j.set("runs", runs);
  Json summary = Json::object();
  summary.set("steps", spread_json(r.steps));
  summary.set("busiest_node", spread_json(r.busiest_node));
  summary.set("max_queue", spread_json(r.max_queue));
  summary.set("link_utilisation", spread_json(r.link_utilisation));
  summary.set("mean_hops", spread_json(r.mean_hops));
  j.set("summary", summary);
  return j;
}

Json grid_json(const GridResult& g) {
  Json j = Json::object();
  j.set("scenario", scenario_json(g.spec.base, false));
  j.set("runs_per_point", g.spec.runs);
  j.set("seed", static_cast<double>(g.spec.seed));
  Json points = Json::array();
  for (const GridPoint& p : g.points) {
    Json o = Json::object();
    o.set("n", p.n);
    o.set("h", p.h);
    o.set("steps", spread_json(p.steps));
    o.set("busiest_node", spread_json(p.busiest_node));
    o.set("max_queue", spread_json(p.max_queue));
    o.set("link_utilisation", spread_json(p.link_utilisation));
    points.push_back(o);
  }
  j.set("points", points);
  Json fit = Json::object();
  fit.set("steps_per_h", g.laws.steps_per_h);
  fit.set("steps_per_n", g.laws.steps_per_n);
  fit.set("steps_r2", g.laws.steps_fit.r2);
  fit.set("busiest_per_h", g.laws.busiest_per_h);
  fit.set("busiest_per_nh", g.laws.busiest_per_nh);
  fit.set("busiest_r2", g.laws.busiest_fit.r2);
  j.set("fit", fit);
  Json paper = Json::object();
  paper.set("steps_per_h", paper::kStepsPerH);
  paper.set("steps_per_n", paper::kStepsPerN);
  paper.set("busiest_per_h", paper::kBusiestPerH);
  paper.set("busiest_per_nh", paper::kBusiestPerNH);
  j.set("paper", paper);
  return j;
}

Json transputer_json(const std::vector<TransputerCase>& cases) {
  Json a = Json::array();
  for (const TransputerCase& c : cases) {
    Json o = Json::object();
    o.set("n", c.n);
    o.set("m", c.m);
    o.set("h", Json::numbers(c.h));
    o.set("microseconds", Json::numbers(c.microseconds));
    o.set("a", c.a);
    o.set("b", c.b);
    o.set("r2", c.r2);
    a.push_back(o);
  }
  Json j = Json::object();
  j.set("cases", a);
  return j;
}

Json efficiency_json(const std::vector<EfficiencyCurve>& dma,
                     const std::vector<EfficiencyCurve>& crossbar, const EfficiencyModel& model) {
  Json j = Json::object();
  j.set("L", model.L);
  j.set("td_over_tm", model.td_over_tm);
  j.set("packets_per_instruction", model.packets_per_instruction());
  j.set("dma", curves_json(dma));
  j.set("crossbar", curves_json(crossbar));
  return j;
}

}  // namespace bsproute
