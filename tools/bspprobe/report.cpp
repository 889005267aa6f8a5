#include "report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>

namespace bspprobe {

namespace {

std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* fmt, ...) {
  char buf[512];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  return buf;
}

// A figure with about four significant digits, or "-" when absent.
std::string figure(const toolkit::Json* v, double scale = 1, int width = 10) {
  if (v == nullptr || !v->is_number()) return format("%*s", width, "-");
  const double x = v->as_number() * scale;
  const double a = std::fabs(x);
  if (a != 0 && (a >= 1e7 || a < 1e-3)) return format("%*.3g", width, x);
  const int decimals = a >= 1000 ? 0 : a >= 100 ? 1 : a >= 10 ? 2 : 3;
  return format("%*.*f", width, decimals, x);
}

const toolkit::Json* field(const toolkit::Json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  return object.find(key);
}

const toolkit::Json* field(const toolkit::Json& object, const char* key, const char* sub) {
  const toolkit::Json* v = field(object, key);
  return v ? field(*v, sub) : nullptr;
}

}  // namespace

std::string format_report(const toolkit::Json& r) {
  const double s = r["s_flops"].as_number();
  std::string out;
  out += "BSP machine parameters (after the BSPlib paper, Table 1)\n";
  out += format("machine: %s, %d processors, host %s\n", r["machine"].as_string().c_str(),
                static_cast<int>(r["processors"].as_number()), r["host"].as_string().c_str());
  out += format("probe:   %s, %s\n", r["mode"].as_string().c_str(), r["date"].as_string().c_str());
  const double busy =
      std::max(r["load_average"]["before"].as_number(), r["load_average"]["after"].as_number());
  if (busy > 0.5)
    out += format(
        "load:    1-minute load average %.1f before, %.1f after: other programs were running, "
        "and the figures include their interference\n",
        r["load_average"]["before"].as_number(), r["load_average"]["after"].as_number());
  out += format(
      "s = %.1f Mflop/s: average of inner product out of cache (%.1f) and matrix multiply "
      "in cache (%.1f), float\n\n",
      s / 1e6, r["s_kernels"]["inner_product"]["median"].as_number() / 1e6,
      r["s_kernels"]["matmul"]["median"].as_number() / 1e6);

  out += "         flop units (time x s)              seconds\n";
  out +=
      "   p          l    g local   g global  |     l (us)  l spread   g local   g global "
      "(ns/word)\n";
  bool any_oversubscribed = false;
  for (const toolkit::Json& e : r["per_p"].as_array()) {
    const bool over = e["oversubscribed"].as_bool();
    any_oversubscribed |= over;
    const toolkit::Json& l = e["l"];
    const double spread =
        l["median"].as_number() > 0 ? l["spread"].as_number() / l["median"].as_number() : 0;
    out += format("%4d%s", static_cast<int>(e["p"].as_number()), over ? "*" : " ");
    out += figure(field(l, "flops"), 1, 10) + figure(field(e, "g_local", "g_flops")) +
           figure(field(e, "g_global", "g_flops")) + "  |" + figure(field(l, "median"), 1e6, 11) +
           (spread > 9.99 ? format("  %8s", ">999%") : format("  %7.0f%%", 100 * spread)) +
           figure(field(e, "g_local", "slope"), 1e9) + figure(field(e, "g_global", "slope"), 1e9) +
           "\n";
  }
  if (any_oversubscribed) out += "   * more processes than processors: oversubscribed\n";
  out +=
      "   l: median empty superstep (spread: interquartile range / median);\n"
      "   g: slope of a least-squares fit of superstep time against h, h = max(in, out) words,\n"
      "      cyclic shift (local) and total exchange (global) with bsp_hpput;\n"
      "      a negative intercept (L) means the cost per word grows with h (caches): g is then\n"
      "      a large-h figure.\n\n";

  const toolkit::Json& floors = r["floors"];
  out += "floors on this machine, measured in the same run:\n";
  out += format("   memcpy, one process       %8.3f ns/byte = %.3f ns/word = %.3f flop/word\n",
                floors["memcpy_ns_per_byte"].as_number(), floors["memcpy_g"].as_number() * 1e9,
                floors["memcpy_g_flops"].as_number());
  out += format("   barrier, two processes    %8.3f us      = %.0f flop\n\n",
                floors["barrier_us"].as_number(), floors["barrier_flops"].as_number());

  out += "g by primitive on the total exchange, ns/word (R^2 of the fit):\n";
  out += "   p          bsp_hpput            bsp_put            bsp_get           bsp_send\n";
  for (const toolkit::Json& e : r["per_p"].as_array()) {
    if (e["p"].as_number() < 2) continue;
    out += format("%4d ", static_cast<int>(e["p"].as_number()));
    for (const char* key : {"g_global", "g_put", "g_get", "g_send"}) {
      const toolkit::Json* fit = field(e, key);
      if (fit == nullptr || fit->is_null())
        out += format("%19s", "-");
      else
        out += figure(field(*fit, "slope"), 1e9, 10) + format(" (%5.3f)", (*fit)["r2"].as_number());
    }
    out += "\n";
  }

  out +=
      "\nh-relation hypothesis (Roda et al.): five patterns at equal h = max(in + out) words, "
      "bsp_hpput\n";
  out += "   p  pattern  g (ns/word)     L (us)     R^2   g / g(formula 11)\n";
  for (const toolkit::Json& e : r["per_p"].as_array()) {
    for (const auto& [name, fit] : e["patterns"].as_object()) {
      out += format("%4d  %-7s", static_cast<int>(e["p"].as_number()), name.c_str()) +
             figure(field(fit, "g"), 1e9, 12) + figure(field(fit, "L"), 1e6, 11) +
             format("  %6.3f", fit["r2"].as_number()) + figure(field(fit, "deviation"), 1, 12) +
             "\n";
    }
  }
  const toolkit::Json& f11 = r["formula11"];
  if (f11.is_null()) {
    out += "   (no pattern measured: needs p >= 2)\n";
  } else {
    out += format(
        "formula 11, averaged over %zu (pattern, p) curves: g = %.4g ns/word (%.3g flop), "
        "L = %.4g us (%.4g flop), R^2 = %.4f\n",
        f11["included"].size(), f11["g"].as_number() * 1e9, f11["g_flops"].as_number(),
        f11["L"].as_number() * 1e6, f11["L_flops"].as_number(), f11["r2"].as_number());
  }
  return out;
}

}  // namespace bspprobe
