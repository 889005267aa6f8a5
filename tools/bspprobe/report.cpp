#include "report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "analysis.hpp"  // kSmallBytes
#include "pattern_table.hpp"
#include "superstep_internal/text_format.hpp"

namespace bspprobe {

namespace {

using superstep::format;

// A figure with about four significant digits, or "-" when absent.
std::string figure(const Json* v, double scale = 1, int width = 10) {
  if (v == nullptr || !v->is_number()) return format("%*s", width, "-");
  const double x = v->get<double>() * scale;
  const double a = std::fabs(x);
  if (a != 0 && (a >= 1e7 || a < 1e-3)) return format("%*.3g", width, x);
  const int decimals = a >= 1000 ? 0 : a >= 100 ? 1 : a >= 10 ? 2 : 3;
  return format("%*.*f", width, decimals, x);
}

const Json* field(const Json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

const Json* field(const Json& object, const char* key, const char* sub) {
  const Json* v = field(object, key);
  return v ? field(*v, sub) : nullptr;
}

// "x1.23": how many times off its farthest point a line is; empty where not recorded.
std::string worst_ratio_text(const Json& fit) {
  const Json* v = field(fit, "worst_ratio");
  return v != nullptr && v->is_number() ? format("x%4.2f", v->get<double>()) : std::string();
}

// "   x1.23": the same, right-aligned in the patterns' table; blank where not recorded.
std::string farthest(const Json& fit) { return format("%10s", worst_ratio_text(fit).c_str()); }

// " (x1.23)": the same, in brackets beside a figure; " (  -  )" where not recorded.
std::string off_by(const Json& fit) {
  const std::string ratio = worst_ratio_text(fit);
  return ratio.empty() ? "  (  -  )" : "  (" + ratio + ")";
}

// One line for every fit that is more than twice off one of its points: its points do not
// lie on a line (a cache boundary, a descheduled sample), and its g and L describe them only
// roughly.
std::string far_fits(const Json& r) {
  std::string out;
  auto note = [&](const Json& fit, const std::string& what, double p) {
    const Json* v = field(fit, "worst_ratio");
    if (v == nullptr || !v->is_number() || v->get<double>() <= 2) return;
    out += format("   %s at p = %d: %.1f times off one of its points\n", what.c_str(),
                  static_cast<int>(p), v->get<double>());
  };
  for (const Json& e : r.at("per_p")) {
    const double p = e.at("p").get<double>();
    for (const Pattern& pattern : all_patterns()) {
      const std::string key = is_formula4_pattern(pattern) ? pattern.name
                                                           : std::string("g_") + pattern.name;
      const Json* fit = is_formula4_pattern(pattern) ? field(e, "patterns", pattern.name)
                                                     : field(e, key.c_str());
      if (fit == nullptr || !fit->is_object()) continue;
      note(*fit, std::string("the line of the ") + pattern.title, p);
      if (const Json* pm = field(*fit, "per_message"); pm != nullptr && pm->is_object())
        note(*pm, std::string("the per-message line of the ") + pattern.title, p);
    }
  }
  if (out.empty()) return out;
  return "\nlines that do not describe their points well (the points do not lie on one line: "
         "a cache boundary, or samples other programs disturbed; see the plot):\n" +
         out;
}

// The report's sections, in order.
std::string format_heading(const Json& r) {
  const double s = r.at("s_flops").get<double>();
  std::string out;
  out += "BSP machine parameters, measured as Hill et al. (1998) measure theirs\n";
  out += format("machine: %s, %d processors, host %s\n", r.at("machine").get<std::string>().c_str(),
                static_cast<int>(r.at("processors").get<double>()),
                r.at("host").get<std::string>().c_str());
  out += format("probe:   %s, %s\n", r.at("mode").get<std::string>().c_str(),
                r.at("date").get<std::string>().c_str());
  if (const std::string busy = busy_line(r); !busy.empty()) out += "load:    " + busy + "\n";
  out += format(
      "s = %.1f Mflop/s: average of inner product out of cache (%.1f) and matrix multiply "
      "in cache (%.1f), float\n\n",
      s / 1e6, r.at("s_kernels").at("inner_product").at("median").get<double>() / 1e6,
      r.at("s_kernels").at("matmul").at("median").get<double>() / 1e6);
  return out;
}

std::string format_parameter_table(const Json& r) {
  std::string out;
  out += "         flop units (time x s)              seconds\n";
  out +=
      "   p          l    g local   g global  |     l (us)  l spread   g local   g global "
      "(ns/word)\n";
  bool any_oversubscribed = false;
  for (const Json& e : r.at("per_p")) {
    const bool over = e.at("oversubscribed").get<bool>();
    any_oversubscribed |= over;
    const Json& l = e.at("l");
    const double spread = l.at("median").get<double>() > 0
                              ? l.at("spread").get<double>() / l.at("median").get<double>()
                              : 0;
    out += format("%4d%s", static_cast<int>(e.at("p").get<double>()), over ? "*" : " ");
    out += figure(field(l, "flops"), 1, 10) + figure(field(e, "g_local", "g_flops")) +
           figure(field(e, "g_global", "g_flops")) + "  |" + figure(field(l, "median"), 1e6, 11) +
           (spread > 9.99 ? format("  %8s", ">999%") : format("  %7.0f%%", 100 * spread)) +
           figure(field(e, "g_local", "slope"), 1e9) + figure(field(e, "g_global", "slope"), 1e9) +
           "\n";
  }
  if (any_oversubscribed) out += "   * more processes than processors: oversubscribed\n";
  out +=
      "   l: median empty superstep (spread: interquartile range / median);\n"
      "   g: slope of the line g h + L through the superstep times against h, h = max(in, out)\n"
      "      words, cyclic shift (local) and total exchange (global) with bsp_hpput; the line\n"
      "      has the least relative error over all h, and neither g nor L below 0.\n\n";
  return out;
}

std::string format_floors(const Json& r) {
  std::string out;
  const Json& floors = r.at("floors");
  out += "floors on this machine, measured in the same run:\n";
  out +=
      format("   memcpy, one process       %8.3f ns/byte = %.3f ns/word = %.3f flop/word\n",
             floors.at("memcpy_ns_per_byte").get<double>(),
             floors.at("memcpy_g").get<double>() * 1e9, floors.at("memcpy_g_flops").get<double>());
  out += format("   barrier, two processes    %8.3f us      = %.0f flop\n\n",
                floors.at("barrier_us").get<double>(), floors.at("barrier_flops").get<double>());
  return out;
}

// The total exchange in 16-byte puts that land p apart (a distributed FFT's permutation),
// beside bsp_put's whole messages.
std::string scattered_lines(const Json& r) {
  std::string out;
  for (const Json& e : r.at("per_p")) {
    const Json* scattered = field(e, "g_scattered", "slope");
    const Json* whole = field(e, "g_put", "slope");
    if (scattered == nullptr || !scattered->is_number()) continue;
    out += format("%4d ", static_cast<int>(e.at("p").get<double>())) +
           figure(scattered, 1e9, 10) + off_by(e.at("g_scattered"));
    if (whole != nullptr && whole->is_number() && whole->get<double>() > 0)
      out += format("   %.2f times bsp_put's on whole messages",
                    scattered->get<double>() / whole->get<double>());
    out += "\n";
  }
  if (out.empty()) return out;
  return "the total exchange in 16-byte bsp_puts landing p apart (as a distributed FFT's "
         "permutation puts its complex numbers), ns/word (how far off its farthest point the "
         "line is):\n" +
         out;
}

std::string format_primitive_fits(const Json& r) {
  std::string out;
  out += "g by primitive on the total exchange, ns/word (how many times off its farthest "
         "point the line is):\n";
  out += "   p           bsp_hpput             bsp_put             bsp_get            bsp_send\n";
  for (const Json& e : r.at("per_p")) {
    if (e.at("p").get<double>() < 2) continue;
    out += format("%4d ", static_cast<int>(e.at("p").get<double>()));
    for (const char* key : {"g_global", "g_put", "g_get", "g_send"}) {
      const Json* fit = field(e, key);
      if (fit == nullptr || fit->is_null())
        out += format("%20s", "-");
      else
        out += figure(field(*fit, "slope"), 1e9, 10) +
               off_by(*fit);
    }
    out += "\n";
  }
  return out + scattered_lines(r);
}

std::string format_pattern_fits(const Json& r) {
  std::string out;
  out +=
      "\ndoes every pattern cost the same at equal h? (the h-relation hypothesis, Roda et al. "
      "1999): five patterns with bsp_hpput, h = the most words a process sends plus receives.\n"
      "Counting both ways, h is twice the h above wherever a process sends as much as it "
      "receives, so g here is half the g above for the same messages (the exchange at p = 2 "
      "is the total exchange). At p = 2 one to all and all to one are the ping-pong, and all "
      "to all the exchange: they are measured from p = 3 on.\n";
  out += "   p  pattern      g (ns/word)     L (us)  farthest  g / g of all\n";
  for (const Json& e : r.at("per_p")) {
    for (const auto& item : e.at("patterns").items()) {
      const std::string& name = item.key();
      const Json& fit = item.value();
      out += format("%4d  %-11s", static_cast<int>(e.at("p").get<double>()),
                    find_pattern(name).title) +
             figure(field(fit, "g"), 1e9, 12) + figure(field(fit, "L"), 1e6, 11) +
             farthest(fit) +
             figure(field(fit, "deviation"), 1, 12) + "\n";
    }
  }
  const Json& f11 = r.at("formula11");
  if (f11.is_null()) {
    out += "   (no pattern measured: needs p >= 2)\n";
  } else {
    out += format(
        "g of all: one fit over all %zu curves (each pattern at each p) at once: "
        "g = %.4g ns/word (%.3g flop), L = %.4g us (%.4g flop)%s\n",
        f11.at("included").size(), f11.at("g").get<double>() * 1e9, f11.at("g_flops").get<double>(),
        f11.at("L").get<double>() * 1e6, f11.at("L_flops").get<double>(),
        f11.contains("worst_ratio") && f11.at("worst_ratio").is_number()
            ? format(", at most %.2f times off its averaged points",
                     f11.at("worst_ratio").get<double>())
                  .c_str()
            : "");
  }
  return out;
}

// o_small and the part of it the sync spends, per p and primitive, where measured.
std::string small_message_lines(const Json& r) {
  std::string out;
  for (const Json& e : r.at("per_p")) {
    std::string line;
    const bool one = e.at("p").get<double>() < 2;
    for (const auto& [key, name] :
         {std::pair{one ? "g_local" : "g_global", "bsp_hpput"}, std::pair{"g_put", "bsp_put"},
          std::pair{"g_get", "bsp_get"}, std::pair{"g_send", "bsp_send"}}) {
      const Json* fit = field(e, key, "per_message");
      if (fit == nullptr || fit->is_null() || !fit->contains("o_small")) continue;
      line += format("  %s", name) + figure(field(*fit, "o_small"), 1e9, 8) +
              figure(field(*fit, "o_small_sync"), 1e9, 8);
    }
    if (!line.empty())
      out += format("%4d ", static_cast<int>(e.at("p").get<double>())) + line + "\n";
  }
  return out.empty() ? out
                     : format(
                           "messages of at most %d bytes (joined into records): the cost of "
                           "each and its part in the sync, ns:\n",
                           kSmallBytes) +
                           out;
}

// T = l' + g h + o messages per primitive, and n_half = o / g in bytes.
std::string per_message_table(const Json& r) {
  std::string out =
      "\nper-message cost, T = l' + g h + o m over message sizes at equal h (o: the cost of each "
      "message and the part of it spent issuing, in ns; n1/2: the message size, in bytes, whose "
      "words cost as much as o; how many times off its farthest point the line is):\n"
      "   p                     bsp_hpput                       bsp_put                       bsp_get"
      "                      bsp_send\n";
  bool any = false;
  for (const Json& e : r.at("per_p")) {
    std::string line = format("%4d ", static_cast<int>(e.at("p").get<double>()));
    bool here = false;
    for (const char* key : {"g_global", "g_put", "g_get", "g_send"}) {
      const Json* fit = field(e, key, "per_message");
      if (e.at("p").get<double>() < 2 && std::string(key) == "g_global")
        fit = field(e, "g_local", "per_message");
      if (fit == nullptr || fit->is_null()) {
        line += format("%30s", "-");
        continue;
      }
      here = true;
      line += figure(field(*fit, "o"), 1e9, 8) + figure(field(*fit, "o_issue"), 1e9, 6) +
              figure(field(*fit, "n_half_bytes"), 1, 6) +
              off_by(*fit);
    }
    if (here) out += line + "\n";
    any = any || here;
  }
  return any ? out + small_message_lines(r) : std::string();
}

}  // namespace

std::string busy_line(const Json& r) {
  const auto others = r.find("other_programs");
  if (others == r.end() || !others->is_object()) return "";
  const double used = others->value("processors_used", -1.0);
  if (used <= kBusyProcessors) return "";
  const int tries = others->value("tries", 1);
  return superstep::format(
      "other programs used %.1f of the %d processors while it measured%s: the figures include "
      "their interference; measure again on a quiet machine (bspprobe --save)",
      used, static_cast<int>(r.at("processors").get<double>()),
      tries > 1 ? superstep::format(" (the quietest of %d tries)", tries).c_str() : "");
}

std::string format_report(const Json& r) {
  return format_heading(r) + format_parameter_table(r) + format_floors(r) +
         format_primitive_fits(r) + per_message_table(r) + format_pattern_fits(r) + far_fits(r);
}

}  // namespace bspprobe
