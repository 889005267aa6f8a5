#include "probe_plot_data.hpp"

#include "pattern_table.hpp"

namespace bspprobe {

namespace {

FittedCurve curve(const toolkit::Json& fit, const std::string& name, const char* slope_key,
                  const char* intercept_key) {
  FittedCurve c;
  c.name = name;
  for (const toolkit::Json& p : fit["points"].as_array())
    c.points.push_back(
        {p["h"].as_number(), p["median"].as_number(), p["q1"].as_number(), p["q3"].as_number()});
  const toolkit::Json *slope = fit.find(slope_key), *intercept = fit.find(intercept_key);
  if (slope && intercept && slope->is_number() && intercept->is_number()) {
    c.g = slope->as_number();
    c.intercept = intercept->as_number();
  }
  return c;
}

}  // namespace

ProbePlotData plot_data(const toolkit::Json& r) {
  ProbePlotData d;
  d.machine = r["machine"].as_string();
  d.date = r["date"].as_string();
  d.processors = static_cast<int>(r["processors"].as_number());
  for (const toolkit::Json& e : r["per_p"].as_array()) {
    const int p = static_cast<int>(e["p"].as_number());
    if (p >= 2) {
      PatternsAtP at{p, e["oversubscribed"].as_bool(), {}};
      for (const auto& [name, fit] : e["patterns"].as_object())
        at.patterns.push_back(
            curve(fit, std::string(find_pattern(name).title) + " (" + name + ")", "g", "L"));
      d.patterns.push_back(std::move(at));
    }
    ShiftsAtP shifts;
    shifts.p = p;
    if (!e["g_local"].is_null())
      shifts.shift = curve(e["g_local"], find_pattern("local").title, "slope", "intercept");
    if (!e["g_global"].is_null())
      shifts.exchange = curve(e["g_global"], find_pattern("global").title, "slope", "intercept");
    if (e["l"].is_object()) shifts.l = e["l"]["median"].as_number();
    d.shifts.push_back(std::move(shifts));
  }
  const toolkit::Json& average = r["formula11"];
  if (!average.is_null()) {
    d.average_g = average["g"].as_number();
    d.average_L = average["L"].as_number();
  }
  return d;
}

}  // namespace bspprobe
