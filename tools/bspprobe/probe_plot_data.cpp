#include "probe_plot_data.hpp"

#include "pattern_table.hpp"

namespace bspprobe {

namespace {

FittedCurve curve(const Json& fit, const std::string& name, const char* slope_key,
                  const char* intercept_key) {
  FittedCurve c;
  c.name = name;
  for (const Json& p : fit.at("points"))
    c.points.push_back({p.at("h").get<double>(), p.at("median").get<double>(),
                        p.at("q1").get<double>(), p.at("q3").get<double>()});
  auto slope = fit.find(slope_key), intercept = fit.find(intercept_key);
  if (slope != fit.end() && intercept != fit.end() && slope->is_number() &&
      intercept->is_number()) {
    c.g = slope->get<double>();
    c.intercept = intercept->get<double>();
  }
  return c;
}

// A member that may be absent or null: null then.
const Json& member(const Json& object, const char* key) {
  static const Json null_value;
  auto it = object.find(key);
  return it == object.end() ? null_value : *it;
}

}  // namespace

ProbePlotData plot_data(const Json& r) {
  ProbePlotData d;
  d.machine = r.at("machine").get<std::string>();
  d.date = r.at("date").get<std::string>();
  d.processors = static_cast<int>(r.at("processors").get<double>());
  for (const Json& e : r.at("per_p")) {
    const int p = static_cast<int>(e.at("p").get<double>());
    if (p >= 2) {
      PatternsAtP at{p, e.at("oversubscribed").get<bool>(), {}};
      for (const auto& item : e.at("patterns").items())
        at.patterns.push_back(curve(item.value(),
                                    std::string(find_pattern(item.key()).title),
                                    "g", "L"));
      d.patterns.push_back(std::move(at));
    }
    ShiftsAtP shifts;
    shifts.p = p;
    if (const Json& local = member(e, "g_local"); !local.is_null())
      shifts.shift = curve(local, find_pattern("local").title, "slope", "intercept");
    if (const Json& global = member(e, "g_global"); !global.is_null())
      shifts.exchange = curve(global, find_pattern("global").title, "slope", "intercept");
    if (const Json& l = member(e, "l"); l.is_object()) shifts.l = l.at("median").get<double>();
    d.shifts.push_back(std::move(shifts));
  }
  if (const Json& average = member(r, "formula11"); !average.is_null()) {
    d.average_g = average.at("g").get<double>();
    d.average_L = average.at("L").get<double>();
  }
  return d;
}

}  // namespace bspprobe
