#include "analysis.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "fit.hpp"
#include "pattern_table.hpp"

namespace bspprobe {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

Json summary_json(const Summary& s, double scale = 1) {
  Json j = Json::object();
  j["median"] = s.median * scale;
  j["q1"] = s.q1 * scale;
  j["q3"] = s.q3 * scale;
  j["min"] = s.min * scale;
  j["max"] = s.max * scale;
  j["spread"] = (s.q3 - s.q1) * scale;
  j["n"] = s.n;
  return j;
}

// The points of a series at equal h whose messages are cut into pieces.
struct SplitPoint {
  double h = 0, messages = 0, pieces = 0;
  double piece_bytes = 0;  // the bytes of each piece (the last may take a few more)
  Summary summary;
  double issuing = -1;       // median seconds spent issuing, before bsp_sync (-1: not measured)
  double sync_least = kNaN;  // the least of the samples' sync parts, sample - issuing (likewise)
};

// One measured series: its points (one message per transfer) summarised and
// their least-squares line, and the points with messages cut into pieces.
struct Curve {
  std::string name;
  // issuing: -1 where not measured; sync_least: NaN where not measured
  std::vector<double> h, median, messages, issuing, sync_least;
  std::vector<Summary> summaries;
  std::vector<long> m;
  std::vector<SplitPoint> split;  // pieces of more than kSmallBytes: records
  std::vector<SplitPoint> small;  // pieces of kSmallBytes or fewer
  LineFit fit;
  bool fitted = false;
};

// The median of a point's "issue_samples"; -1 where it has none.
double issuing_median(const Json& point) {
  if (!point.contains("issue_samples")) return -1;
  std::vector<double> issuing;
  for (const Json& s : point.at("issue_samples")) issuing.push_back(s.get<double>());
  return issuing.empty() ? -1 : summarize(issuing).median;
}

// The least over a point's samples of the time past issuing, sample - issuing (each sample
// times the issuing and the sync of the same supersteps); NaN where the issuing was not timed.
double least_sync_part(const Json& point) {
  const Json& samples = point.at("samples");
  if (!point.contains("issue_samples") || point.at("issue_samples").size() != samples.size() ||
      samples.empty())
    return kNaN;
  const Json& issuing = point.at("issue_samples");
  double least = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < samples.size(); ++k)
    least = std::min(least, samples[k].get<double>() - issuing[k].get<double>());
  return least;
}

Curve summarise_series(const Json& series) {
  Curve c;
  c.name = series.at("name").get<std::string>();
  for (const Json& point : series.at("points")) {
    std::vector<double> samples;
    for (const Json& s : point.at("samples")) samples.push_back(s.get<double>());
    const Summary summary = summarize(samples);
    const double messages = point.value("messages", 0.0);
    if (point.value("pieces", 1.0) > 1) {
      const double pieces = point.at("pieces").get<double>();
      const double each = std::floor(point.at("m").get<double>() / pieces) * kWordBytes;
      SplitPoint split{
          point.at("h").get<double>(), messages, pieces, each, summary, issuing_median(point),
          least_sync_part(point)};
      (each <= kSmallBytes ? c.small : c.split).push_back(split);
      continue;
    }
    c.messages.push_back(messages);
    c.issuing.push_back(issuing_median(point));
    c.sync_least.push_back(least_sync_part(point));
    c.h.push_back(point.at("h").get<double>());
    c.m.push_back(static_cast<long>(point.at("m").get<double>()));
    c.median.push_back(summary.median);
    c.summaries.push_back(summary);
  }
  if (c.h.size() >= 2 && c.h.front() != c.h.back()) {
    try {
      c.fit = fit_line_relative(c.h, c.median);
      c.fitted = true;
    } catch (const std::invalid_argument&) {
      // A median of 0 (a clock too coarse for the superstep): no line describes it.
    }
  }
  return c;
}

Json points_json(const Curve& c) {
  Json points = Json::array();
  for (std::size_t i = 0; i < c.h.size(); ++i) {
    const Summary& s = c.summaries[i];
    Json p = Json::object();
    p["h"] = c.h[i];
    p["m"] = c.m[i];
    p["median"] = s.median;
    p["q1"] = s.q1;
    p["q3"] = s.q3;
    p["min"] = s.min;
    p["max"] = s.max;
    p["residual"] = c.fitted ? c.fit.residuals[i] : kNaN;
    points.push_back(std::move(p));
  }
  return points;
}

// o_issue: the part of o spent in the call that issues the message, before
// bsp_sync (the slope of the issuing time against the messages at equal h),
// and o_sync = o - o_issue, the part the sync spends. A profile counts the
// first as computation, so a model given the measured computation charges
// only o_sync. Left out where the issuing time was not measured.
void add_issuing_share(const Curve& c, double o, Json& j) {
  std::vector<double> messages, issuing;
  for (const SplitPoint& sp : c.split) {
    if (sp.issuing < 0) return;
    messages.push_back(sp.messages);
    issuing.push_back(sp.issuing);
  }
  // The issuing part is part of o: noise can put its fit above o, never the cost.
  double o_issue = 0;
  try {
    o_issue = std::min(fit_line_relative(messages, issuing).slope, o);
  } catch (const std::invalid_argument&) {
    return;
  }
  j["o_issue"] = o_issue;
  j["o_sync"] = o - o_issue;
}

// The point the small pieces are held against: the one at their h with one message per
// transfer, whose time, messages and issuing they share but for the pieces; false where the
// h grid has no such point.
bool reference_at(const Curve& c, double h, std::size_t& index) {
  for (std::size_t i = 0; i < c.h.size(); ++i)
    if (c.h[i] == h) {
      index = i;
      return true;
    }
  return false;
}

// o_small: what a message of at most kSmallBytes costs beyond g h. The library joins such
// puts into records, so their time is not the record line's: each small point is held
// against the point at its h with one message per transfer, and o_small is the mean over
// the small points of (T - T_ref) / (messages - messages_ref), the time a small message
// adds (medians). Likewise o_small_issue from the issuing times' medians, and o_small_sync
// from the least sync part of the samples (sample - issuing): what the sync spends on a
// small message is a fraction of a nanosecond, below what a process descheduled while its
// partner waits adds to a sample, and such interference only ever adds. Nothing is added
// without a reference point.
void add_small_messages(const Curve& c, Json& j) {
  double o = 0, o_issue = 0, o_sync = 0;
  int n = 0;
  bool issuing = true;
  Json points = Json::array();
  for (const SplitPoint& sp : c.small) {
    std::size_t ref = 0;
    if (!reference_at(c, sp.h, ref) || sp.messages <= c.messages[ref]) continue;
    const double extra = sp.messages - c.messages[ref];
    const double each = (sp.summary.median - c.median[ref]) / extra;
    o += each;
    issuing = issuing && sp.issuing >= 0 && c.issuing[ref] >= 0;
    issuing = issuing && !std::isnan(sp.sync_least) && !std::isnan(c.sync_least[ref]);
    if (issuing) {
      o_issue += (sp.issuing - c.issuing[ref]) / extra;
      o_sync += (sp.sync_least - c.sync_least[ref]) / extra;
    }
    ++n;
    Json p = Json::object();
    p["h"] = sp.h;
    p["messages"] = sp.messages;
    p["pieces"] = sp.pieces;
    p["piece_bytes"] = sp.piece_bytes;
    p["median"] = sp.summary.median;
    p["o"] = each;
    points.push_back(std::move(p));
  }
  if (n == 0) return;
  // A cost is never below nothing, nor a part above its whole: where noise says so, the
  // figure is the bound it crossed.
  const double o_small = std::max(0.0, o / n);
  j["o_small"] = o_small;
  j["small_points"] = std::move(points);
  if (!issuing) return;
  j["o_small_issue"] = std::clamp(o_issue / n, 0.0, o_small);
  j["o_small_sync"] = std::clamp(o_sync / n, 0.0, o_small);
}

// T = intercept + g h + o messages, over the pieces larger than kSmallBytes (each its own
// record); smaller pieces are add_small_messages'. The points with one message per
// transfer span h from 16 words to megawords, so an unweighted fit of all
// three terms at once is ruled by the largest h and leaves o to the noise
// there; at equal h, though, the time grows with the messages alone. So o is
// the slope of the line through the points at equal h, g stays the slope
// over h, and the intercept loses the o of the messages the h line carried.
// Null when there are fewer than two such points. n_half = o / g words: at
// that message size the per-message cost equals the per-word cost, so the
// bandwidth is half of 1/g.
Json per_message_json(const Curve& c, double s_flops) {
  if (c.split.size() < 2 || !c.fitted) return Json();
  std::vector<double> messages, median;
  for (const SplitPoint& sp : c.split) {
    messages.push_back(sp.messages);
    median.push_back(sp.summary.median);
  }
  LineFit line;
  try {
    line = fit_line_relative(messages, median);
  } catch (const std::invalid_argument&) {
    return Json();
  }
  const double g = c.fit.slope, o = line.slope;
  Json j = Json::object();
  j["intercept"] = c.fit.intercept - o * (c.messages.empty() ? 0.0 : c.messages.front());
  j["g"] = g;
  j["o"] = o;
  j["r2"] = line.r2;
  j["rms_residual"] = line.rms_residual;
  j["worst_ratio"] = line.worst_ratio;
  j["o_flops"] = o * s_flops;
  j["n_half_words"] = g > 0 && o > 0 ? o / g : kNaN;
  j["n_half_bytes"] = g > 0 && o > 0 ? o / g * kWordBytes : kNaN;
  Json points = Json::array();
  for (std::size_t i = 0; i < c.split.size(); ++i) {
    Json p = Json::object();
    p["h"] = c.split[i].h;
    p["messages"] = c.split[i].messages;
    p["pieces"] = c.split[i].pieces;
    p["piece_bytes"] = c.split[i].piece_bytes;
    p["median"] = c.split[i].summary.median;
    p["residual"] = line.residuals[i];
    points.push_back(std::move(p));
  }
  j["points"] = std::move(points);
  add_issuing_share(c, o, j);
  add_small_messages(c, j);
  return j;
}

// sync_slope: the slope of the time past issuing (median superstep less median issuing)
// against h, what the sync spends per word; a profile counts the issuing as computation. Left
// out where the issuing was not timed at every point.
void add_sync_slope(const Curve& c, Json& j) {
  std::vector<double> past;
  for (std::size_t i = 0; i < c.h.size(); ++i) {
    if (c.issuing[i] < 0 || !(c.median[i] > c.issuing[i])) return;
    past.push_back(c.median[i] - c.issuing[i]);
  }
  try {
    j["sync_slope"] = fit_line_relative(c.h, past).slope;
  } catch (const std::invalid_argument&) {
  }
}

// g_local, g_global, g_put, g_get, g_send: slope (s/word), intercept (s), r2,
// and the per-message fit where the pieces were measured.
Json table1_fit_json(const Curve& c, double s_flops) {
  const Pattern& pattern = find_pattern(c.name);
  Json j = Json::object();
  j["primitive"] = primitive_name(pattern.primitive);
  j["h_operator"] = h_operator_name(pattern.h_operator);
  j["slope"] = c.fit.slope;
  j["intercept"] = c.fit.intercept;
  j["r2"] = c.fit.r2;
  j["rms_residual"] = c.fit.rms_residual;
  j["worst_ratio"] = c.fit.worst_ratio;
  j["g_flops"] = c.fit.slope * s_flops;
  j["l_flops"] = c.fit.intercept * s_flops;
  j["points"] = points_json(c);
  j["per_message"] = per_message_json(c, s_flops);
  add_sync_slope(c, j);
  return j;
}

// E, PP, OA, AO, AA: g (s/word), L (s), r2, and deviation from the averaged fit.
Json formula4_fit_json(const Curve& c, double s_flops, double g_formula11) {
  Json j = Json::object();
  j["g"] = c.fit.slope;
  j["L"] = c.fit.intercept;
  j["r2"] = c.fit.r2;
  j["rms_residual"] = c.fit.rms_residual;
  j["worst_ratio"] = c.fit.worst_ratio;
  j["deviation"] =
      std::isfinite(g_formula11) && g_formula11 != 0 ? c.fit.slope / g_formula11 : kNaN;
  j["g_flops"] = c.fit.slope * s_flops;
  j["L_flops"] = c.fit.intercept * s_flops;
  j["points"] = points_json(c);
  return j;
}

}  // namespace

bool in_formula11(const std::string& pattern, int p) {
  if (pattern == "E" || pattern == "PP") return p >= 2;
  if (pattern == "OA" || pattern == "AO" || pattern == "AA") return p >= 3;
  return false;
}

namespace {

// The parts of analyse(), in order.
struct PerP {
  int p;
  Summary l;
  std::vector<Curve> curves;
};

// Summarises and fits every series; collects the curves formula 11 averages
// (and names them in `included`).
std::vector<PerP> summarise_per_p(const std::vector<Json>& raw_per_p,
                                  std::vector<PatternCurve>& formula11_curves, Json& included) {
  std::vector<PerP> measured;
  for (const Json& raw : raw_per_p) {
    PerP m;
    m.p = static_cast<int>(raw.at("p").get<double>());
    std::vector<double> l_samples;
    for (const Json& v : raw.at("l_samples")) l_samples.push_back(v.get<double>());
    m.l = summarize(l_samples);
    for (const Json& series : raw.at("series")) {
      Curve c = summarise_series(series);
      if (c.fitted && is_formula4_pattern(find_pattern(c.name)) && in_formula11(c.name, m.p)) {
        formula11_curves.push_back({c.name, m.p, c.h, c.median});
        Json which = Json::object();
        which["pattern"] = c.name;
        which["p"] = m.p;
        included.push_back(std::move(which));
      }
      m.curves.push_back(std::move(c));
    }
    measured.push_back(std::move(m));
  }
  return measured;
}

// Formula 11's fit over the collected curves; null when no pattern was
// measured at p >= 2 (g11 then stays NaN).
Json formula11_json(const std::vector<PatternCurve>& formula11_curves, Json included, double s,
                    double& g11) {
  Json formula11;
  if (!formula11_curves.empty()) {
    const AveragedFit avg = fit_formula11(formula11_curves);
    g11 = avg.line.slope;
    formula11 = Json::object();
    formula11["g"] = avg.line.slope;
    formula11["L"] = avg.line.intercept;
    formula11["r2"] = avg.line.r2;
    formula11["rms_residual"] = avg.line.rms_residual;
    formula11["worst_ratio"] = avg.line.worst_ratio;
    formula11["g_flops"] = avg.line.slope * s;
    formula11["L_flops"] = avg.line.intercept * s;
    formula11["h"] = Json(avg.h);
    formula11["t"] = Json(avg.t);
    formula11["included"] = std::move(included);
  }
  return formula11;
}

Json per_p_json(const std::vector<PerP>& measured, const MachineInfo& info, double s, double g11) {
  Json per_p = Json::array();
  for (const PerP& m : measured) {
    Json entry = Json::object();
    entry["p"] = m.p;
    entry["oversubscribed"] = m.p > info.processors;
    Json l = summary_json(m.l);
    l["flops"] = m.l.median * s;
    entry["l"] = std::move(l);
    for (const char* name : {"local", "global", "put", "get", "send"})
      entry[std::string("g_") + name] = Json();
    Json patterns = Json::object();
    for (const Curve& c : m.curves) {
      if (!c.fitted) continue;
      if (is_formula4_pattern(find_pattern(c.name)))
        patterns[c.name] = formula4_fit_json(c, s, g11);
      else
        entry["g_" + c.name] = table1_fit_json(c, s);
    }
    entry["patterns"] = std::move(patterns);
    per_p.push_back(std::move(entry));
  }
  return per_p;
}

// The result's fields that describe the machine: everything but per_p and formula11.
Json machine_json(const MachineInfo& info, const ComputeRate& rate, const Floors& floors,
                  double s) {
  Json result = Json::object();
  result["schema"] = kResultSchema;
  result["machine"] = info.machine;
  result["host"] = info.host;
  result["date"] = info.date;
  result["mode"] = info.mode;
  result["processors"] = info.processors;
  Json load = Json::object();
  load["before"] = info.load_before;
  load["after"] = info.load_after;
  result["load_average"] = std::move(load);
  Json others = Json::object();
  others["processors_used"] = info.others_processors;
  others["tries"] = info.tries;
  result["other_programs"] = std::move(others);
  result["word_bytes"] = kWordBytes;
  result["s_flops"] = s;
  Json kernels = Json::object();
  kernels["inner_product"] = summary_json(rate.inner_product_flops);
  kernels["matmul"] = summary_json(rate.matmul_flops);
  result["s_kernels"] = std::move(kernels);
  Json floor = Json::object();
  floor["memcpy_ns_per_byte"] = floors.memcpy_seconds_per_byte.median * 1e9;
  floor["memcpy_g"] = floors.memcpy_seconds_per_byte.median * kWordBytes;
  floor["memcpy_g_flops"] = floors.memcpy_seconds_per_byte.median * kWordBytes * s;
  floor["barrier_us"] = floors.barrier_seconds.median * 1e6;
  floor["barrier_flops"] = floors.barrier_seconds.median * s;
  floor["memcpy_seconds_per_byte"] = summary_json(floors.memcpy_seconds_per_byte);
  floor["barrier_seconds"] = summary_json(floors.barrier_seconds);
  result["floors"] = std::move(floor);
  return result;
}

}  // namespace

Json analyse(const MachineInfo& info, const ComputeRate& rate, const Floors& floors,
             const std::vector<Json>& raw_per_p) {
  const double s = rate.s();
  // Summarise and fit every series first: formula 11 needs all of them.
  std::vector<PatternCurve> formula11_curves;
  Json included = Json::array();
  const std::vector<PerP> measured = summarise_per_p(raw_per_p, formula11_curves, included);
  double g11 = kNaN;
  Json formula11 = formula11_json(formula11_curves, std::move(included), s, g11);
  Json result = machine_json(info, rate, floors, s);
  result["per_p"] = per_p_json(measured, info, s, g11);
  result["formula11"] = std::move(formula11);
  return result;
}

}  // namespace bspprobe
