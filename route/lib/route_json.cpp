#include "route_json.hpp"

#include "paper.hpp"

namespace bsproute {

namespace {

Json spread_json(const Spread& s) {
  Json j = Json::object();
  j["mean"] = s.mean;
  j["stddev"] = s.stddev;
  j["min"] = s.min;
  j["max"] = s.max;
  return j;
}

Json scenario_json(const Scenario& s, bool with_size) {
  Json j = Json::object();
  j["topology"] = s.topology;
  if (with_size) {
    j["n"] = s.n;
    j["h"] = s.h;
  }
  j["routing"] = routing_name(s.routing);
  j["pattern"] = pattern_name(s.pattern);
  j["external_links"] = s.model.external_links;
  j["service_rate"] = s.model.service_rate;  // 0: unlimited
  return j;
}

Json curves_json(const std::vector<EfficiencyCurve>& curves) {
  Json a = Json::array();
  for (const auto& c : curves) {
    Json j = Json::object();
    j["efficiency"] = c.efficiency;
    j["nodes"] = Json(c.nodes);
    j["c_over_tm"] = Json(c.lambda);
    a.push_back(j);
  }
  return a;
}

}  // namespace

Json run_json(const CampaignResult& r) {
  Json j = Json::object();
  j["scenario"] = scenario_json(r.scenario, true);
  j["seed"] = r.seed;
  Json runs = Json::array();
  for (const RunStats& s : r.runs) {
    Json o = Json::object();
    o["steps"] = s.steps;
    o["busiest_node"] = s.busiest_node;
    o["max_queue"] = s.max_queue;
    o["link_utilisation"] = s.link_utilisation;
    o["mean_hops"] = s.mean_hops;
    o["packets"] = s.packets;
    o["delivered"] = s.delivered;
    runs.push_back(o);
  }
  j["runs"] = runs;
  Json summary = Json::object();
  summary["steps"] = spread_json(r.steps);
  summary["busiest_node"] = spread_json(r.busiest_node);
  summary["max_queue"] = spread_json(r.max_queue);
  summary["link_utilisation"] = spread_json(r.link_utilisation);
  summary["mean_hops"] = spread_json(r.mean_hops);
  j["summary"] = summary;
  return j;
}

Json grid_json(const GridResult& g) {
  Json j = Json::object();
  j["scenario"] = scenario_json(g.spec.base, false);
  j["runs_per_point"] = g.spec.runs;
  j["seed"] = g.spec.seed;
  Json points = Json::array();
  for (const GridPoint& p : g.points) {
    Json o = Json::object();
    o["n"] = p.n;
    o["h"] = p.h;
    o["steps"] = spread_json(p.steps);
    o["busiest_node"] = spread_json(p.busiest_node);
    o["max_queue"] = spread_json(p.max_queue);
    o["link_utilisation"] = spread_json(p.link_utilisation);
    points.push_back(o);
  }
  j["points"] = points;
  Json fit = Json::object();
  fit["steps_per_h"] = g.laws.steps_per_h;
  fit["steps_per_n"] = g.laws.steps_per_n;
  fit["steps_r2"] = g.laws.steps_fit.r2;
  fit["busiest_per_h"] = g.laws.busiest_per_h;
  fit["busiest_per_nh"] = g.laws.busiest_per_nh;
  fit["busiest_r2"] = g.laws.busiest_fit.r2;
  j["fit"] = fit;
  Json paper = Json::object();
  paper["steps_per_h"] = paper::kStepsPerH;
  paper["steps_per_n"] = paper::kStepsPerN;
  paper["busiest_per_h"] = paper::kBusiestPerH;
  paper["busiest_per_nh"] = paper::kBusiestPerNH;
  j["paper"] = paper;
  return j;
}

Json transputer_json(const std::vector<TransputerCase>& cases) {
  Json a = Json::array();
  for (const TransputerCase& c : cases) {
    Json o = Json::object();
    o["n"] = c.n;
    o["m"] = c.m;
    o["h"] = Json(c.h);
    o["microseconds"] = Json(c.microseconds);
    o["a"] = c.a;
    o["b"] = c.b;
    o["r2"] = c.r2;
    a.push_back(o);
  }
  Json j = Json::object();
  j["cases"] = a;
  return j;
}

Json efficiency_json(const std::vector<EfficiencyCurve>& dma,
                     const std::vector<EfficiencyCurve>& crossbar, const EfficiencyModel& model) {
  Json j = Json::object();
  j["L"] = model.L;
  j["td_over_tm"] = model.td_over_tm;
  j["packets_per_instruction"] = model.packets_per_instruction();
  j["dma"] = curves_json(dma);
  j["crossbar"] = curves_json(crossbar);
  return j;
}

}  // namespace bsproute
