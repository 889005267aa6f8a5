#include "analysis.hpp"

#include <cmath>
#include <limits>

#include "fit.hpp"
#include "pattern_table.hpp"

namespace bspprobe {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

toolkit::Json summary_json(const Summary& s, double scale = 1) {
  toolkit::Json j = toolkit::Json::object();
  j.set("median", s.median * scale);
  j.set("q1", s.q1 * scale);
  j.set("q3", s.q3 * scale);
  j.set("min", s.min * scale);
  j.set("max", s.max * scale);
  j.set("spread", (s.q3 - s.q1) * scale);
  j.set("n", s.n);
  return j;
}

// One measured series: its points summarised and its least-squares line.
struct Curve {
  std::string name;
  std::vector<double> h, median;
  std::vector<Summary> summaries;
  std::vector<long> m;
  LineFit fit;
  bool fitted = false;
};

Curve summarise_series(const toolkit::Json& series) {
  Curve c;
  c.name = series["name"].as_string();
  for (const toolkit::Json& point : series["points"].as_array()) {
    std::vector<double> samples;
    for (const toolkit::Json& s : point["samples"].as_array()) samples.push_back(s.as_number());
    const Summary summary = summarize(samples);
    c.h.push_back(point["h"].as_number());
    c.m.push_back(static_cast<long>(point["m"].as_number()));
    c.median.push_back(summary.median);
    c.summaries.push_back(summary);
  }
  if (c.h.size() >= 2 && c.h.front() != c.h.back()) {
    c.fit = fit_line(c.h, c.median);
    c.fitted = true;
  }
  return c;
}

toolkit::Json points_json(const Curve& c) {
  toolkit::Json points = toolkit::Json::array();
  for (std::size_t i = 0; i < c.h.size(); ++i) {
    const Summary& s = c.summaries[i];
    toolkit::Json p = toolkit::Json::object();
    p.set("h", c.h[i]);
    p.set("m", c.m[i]);
    p.set("median", s.median);
    p.set("q1", s.q1);
    p.set("q3", s.q3);
    p.set("min", s.min);
    p.set("max", s.max);
    p.set("residual", c.fitted ? c.fit.residuals[i] : kNaN);
    points.push_back(std::move(p));
  }
  return points;
}

// g_local, g_global, g_put, g_get, g_send: slope (s/word), intercept (s), r2.
toolkit::Json table1_fit_json(const Curve& c, double s_flops) {
  const Pattern& pattern = find_pattern(c.name);
  toolkit::Json j = toolkit::Json::object();
  j.set("primitive", primitive_name(pattern.primitive));
  j.set("h_operator", h_operator_name(pattern.h_operator));
  j.set("slope", c.fit.slope);
  j.set("intercept", c.fit.intercept);
  j.set("r2", c.fit.r2);
  j.set("rms_residual", c.fit.rms_residual);
  j.set("g_flops", c.fit.slope * s_flops);
  j.set("l_flops", c.fit.intercept * s_flops);
  j.set("points", points_json(c));
  return j;
}

// E, PP, OA, AO, AA: g (s/word), L (s), r2, and deviation from the averaged fit.
toolkit::Json formula4_fit_json(const Curve& c, double s_flops, double g_formula11) {
  toolkit::Json j = toolkit::Json::object();
  j.set("g", c.fit.slope);
  j.set("L", c.fit.intercept);
  j.set("r2", c.fit.r2);
  j.set("rms_residual", c.fit.rms_residual);
  j.set("deviation",
        std::isfinite(g_formula11) && g_formula11 != 0 ? c.fit.slope / g_formula11 : kNaN);
  j.set("g_flops", c.fit.slope * s_flops);
  j.set("L_flops", c.fit.intercept * s_flops);
  j.set("points", points_json(c));
  return j;
}

}  // namespace

bool in_formula11(const std::string& pattern, int p) {
  if (pattern == "E" || pattern == "PP") return p >= 2;
  if (pattern == "OA" || pattern == "AO" || pattern == "AA") return p >= 3;
  return false;
}

toolkit::Json analyse(const MachineInfo& info, const ComputeRate& rate, const Floors& floors,
                      const std::vector<toolkit::Json>& raw_per_p) {
  const double s = rate.s();

  // Summarise and fit every series first: formula 11 needs all of them.
  struct PerP {
    int p;
    Summary l;
    std::vector<Curve> curves;
  };
  std::vector<PerP> measured;
  std::vector<PatternCurve> formula11_curves;
  toolkit::Json included = toolkit::Json::array();
  for (const toolkit::Json& raw : raw_per_p) {
    PerP m;
    m.p = static_cast<int>(raw["p"].as_number());
    std::vector<double> l_samples;
    for (const toolkit::Json& v : raw["l_samples"].as_array()) l_samples.push_back(v.as_number());
    m.l = summarize(l_samples);
    for (const toolkit::Json& series : raw["series"].as_array()) {
      Curve c = summarise_series(series);
      if (c.fitted && is_formula4_pattern(find_pattern(c.name)) && in_formula11(c.name, m.p)) {
        formula11_curves.push_back({c.name, m.p, c.h, c.median});
        toolkit::Json which = toolkit::Json::object();
        which.set("pattern", c.name);
        which.set("p", m.p);
        included.push_back(std::move(which));
      }
      m.curves.push_back(std::move(c));
    }
    measured.push_back(std::move(m));
  }

  toolkit::Json formula11;  // null when no pattern was measured at p >= 2
  double g11 = kNaN;
  if (!formula11_curves.empty()) {
    const AveragedFit avg = fit_formula11(formula11_curves);
    g11 = avg.line.slope;
    formula11 = toolkit::Json::object();
    formula11.set("g", avg.line.slope);
    formula11.set("L", avg.line.intercept);
    formula11.set("r2", avg.line.r2);
    formula11.set("rms_residual", avg.line.rms_residual);
    formula11.set("g_flops", avg.line.slope * s);
    formula11.set("L_flops", avg.line.intercept * s);
    formula11.set("h", toolkit::Json::numbers(avg.h));
    formula11.set("t", toolkit::Json::numbers(avg.t));
    formula11.set("included", std::move(included));
  }

  toolkit::Json per_p = toolkit::Json::array();
  for (const PerP& m : measured) {
    toolkit::Json entry = toolkit::Json::object();
    entry.set("p", m.p);
    entry.set("oversubscribed", m.p > info.processors);
    toolkit::Json l = summary_json(m.l);
    l.set("flops", m.l.median * s);
    entry.set("l", std::move(l));
    for (const char* name : {"local", "global", "put", "get", "send"})
      entry.set(std::string("g_") + name, toolkit::Json());
    toolkit::Json patterns = toolkit::Json::object();
    for (const Curve& c : m.curves) {
      if (!c.fitted) continue;
      if (is_formula4_pattern(find_pattern(c.name)))
        patterns.set(c.name, formula4_fit_json(c, s, g11));
      else
        entry.set("g_" + c.name, table1_fit_json(c, s));
    }
    entry.set("patterns", std::move(patterns));
    per_p.push_back(std::move(entry));
  }

  toolkit::Json result = toolkit::Json::object();
  result.set("schema", kResultSchema);
  result.set("machine", info.machine);
  result.set("host", info.host);
  result.set("date", info.date);
  result.set("mode", info.mode);
  result.set("processors", info.processors);
  toolkit::Json load = toolkit::Json::object();
  load.set("before", info.load_before);
  load.set("after", info.load_after);
  result.set("load_average", std::move(load));
  result.set("word_bytes", kWordBytes);
  result.set("s_flops", s);
  toolkit::Json kernels = toolkit::Json::object();
  kernels.set("inner_product", summary_json(rate.inner_product_flops));
  kernels.set("matmul", summary_json(rate.matmul_flops));
  result.set("s_kernels", std::move(kernels));
  toolkit::Json floor = toolkit::Json::object();
  floor.set("memcpy_ns_per_byte", floors.memcpy_seconds_per_byte.median * 1e9);
  floor.set("memcpy_g", floors.memcpy_seconds_per_byte.median * kWordBytes);
  floor.set("memcpy_g_flops", floors.memcpy_seconds_per_byte.median * kWordBytes * s);
  floor.set("barrier_us", floors.barrier_seconds.median * 1e6);
  floor.set("barrier_flops", floors.barrier_seconds.median * s);
  floor.set("memcpy_seconds_per_byte", summary_json(floors.memcpy_seconds_per_byte));
  floor.set("barrier_seconds", summary_json(floors.barrier_seconds));
  result.set("floors", std::move(floor));
  result.set("per_p", std::move(per_p));
  result.set("formula11", std::move(formula11));
  return result;
}

}  // namespace bspprobe
