#include "level1/cost_model.hpp"

#include <bsp.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/runtime.hpp"
#include "level1/params_file.hpp"
#include "util/errors.hpp"
#include "util/json_text.hpp"

namespace superstep::level1 {

namespace {

// Built-in defaults, for when no measurement is at hand (a build that did not
// measure, BSP_PARAMS=builtin): round estimates for a shared-memory machine
// (an empty superstep of a few microseconds, a copy rate of a few GB/s). A
// machine's own figures are the user's saved file, the file measured at build
// time (params_file.hpp) or the one BSP_PARAMS names.
constexpr double kDefaultL = 2.0e-6;
constexpr double kDefaultG = 0.5e-9;
constexpr double kDefaultC = 0.25e-9;

bsp_collective_algorithm forced_by_api = BSP_COLLECTIVE_AUTO;
bsp_collective_algorithm last_chosen = BSP_COLLECTIVE_AUTO;

// The number at `key` of an object, or fallback when it is missing or not a finite number.
double number_or(const Json& object, const char* key, double fallback) {
  if (!object.is_object()) return fallback;
  auto it = object.find(key);
  if (it == object.end() || !it->is_number()) return fallback;
  const double v = it->get<double>();
  return std::isfinite(v) ? v : fallback;
}

const Json& member(const Json& object, const char* key) {
  static const Json null_value;
  if (!object.is_object()) return null_value;
  auto it = object.find(key);
  return it == object.end() ? null_value : *it;
}

// BSP_COLLECTIVE, checked once.
bsp_collective_algorithm forced_by_environment() {
  static const bsp_collective_algorithm forced = [] {
    const char* env = std::getenv("BSP_COLLECTIVE");
    if (!env || !*env || std::strcmp(env, "auto") == 0) return BSP_COLLECTIVE_AUTO;
    if (std::strcmp(env, "direct") == 0) return BSP_COLLECTIVE_DIRECT;
    if (std::strcmp(env, "two_phase") == 0) return BSP_COLLECTIVE_TWO_PHASE;
    if (std::strcmp(env, "messages") == 0) return BSP_COLLECTIVE_MESSAGES;
    usage_error("a level-1 collective",
                "BSP_COLLECTIVE is \"%s\"; set it to auto, direct, two_phase or messages", env);
  }();
  return forced;
}

bool tracing() {
  static const bool on = [] {
    const char* env = std::getenv("BSP_COLLECTIVE_TRACE");
    return env && std::strcmp(env, "1") == 0;
  }();
  return on;
}

const char* name_of(Algorithm a) {
  switch (a) {
    case Algorithm::direct:
      return "direct";
    case Algorithm::two_phase:
      return "two_phase";
    case Algorithm::messages:
      return "messages";
  }
  return "?";
}

Algorithm forced_algorithm(bsp_collective_algorithm forced) {
  switch (forced) {
    case BSP_COLLECTIVE_TWO_PHASE:
      return Algorithm::two_phase;
    case BSP_COLLECTIVE_MESSAGES:
      return Algorithm::messages;
    default:
      return Algorithm::direct;
  }
}

}  // namespace

namespace {

// o of the fit's per-message cost, seconds per message; 0 where the result
// has none (written before it was measured, or at p = 1) or it came out below
// zero (noise around a cost too small to measure).
double per_message_cost(const Json& entry, const char* fit) {
  const Json& f = member(entry, fit);
  if (!f.is_object()) return 0;
  const double o = number_or(member(f, "per_message"), "o", 0);
  return o > 0 ? o : 0;
}

}  // namespace

std::optional<MachineParams> params_from_json(const std::string& text, const std::string& name,
                                              int p, std::string* why) {
  Json result;
  try {
    result = parse_json(text, name);
  } catch (const JsonSyntaxError& e) {
    *why = e.what();
    return std::nullopt;
  }
  const Json& per_p = member(result, "per_p");
  if (!per_p.is_array() || per_p.empty()) {
    *why = "it has no per_p entries (is it bspprobe's JSON result?)";
    return std::nullopt;
  }
  // The entry measured at p, else the nearest p.
  const Json* best = nullptr;
  double best_distance = 0;
  for (const Json& entry : per_p) {
    double q = number_or(entry, "p", -1);
    if (q < 1) continue;
    double distance = std::fabs(q - p);
    if (!best || distance < best_distance) best = &entry, best_distance = distance;
  }
  if (!best) {
    *why = "no per_p entry names its p";
    return std::nullopt;
  }
  MachineParams m;
  m.l = number_or(member(*best, "l"), "median", -1);
  const double word = number_or(result, "word_bytes", 4);
  // The total exchange is the safe upper bound (docs/bspprobe.md); at p = 1
  // there is none, and the local shift stands in.
  const Json* fit = &member(*best, "g_global");
  if (fit->is_null()) fit = &member(*best, "g_local");
  m.g = fit->is_object() ? number_or(*fit, "slope", -1) / word : -1;
  m.c = number_or(member(result, "floors"), "memcpy_ns_per_byte", kDefaultC * 1e9) * 1e-9;
  if (m.l < 0 || m.g < 0) {
    *why = "its per_p entry has no l.median or g slope";
    return std::nullopt;
  }
  m.o_put = per_message_cost(*best, "g_put");
  m.o_send = per_message_cost(*best, "g_send");
  m.source = format("bspprobe result, p = %g", number_or(*best, "p", 0));
  return m;
}

namespace {

bool read_text(const std::string& path, std::string* text) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  *text = buffer.str();
  return static_cast<bool>(in);
}

// The parameters before the engine's data path is taken into account.
MachineParams params_for(int p) {
  const MachineParams builtin{kDefaultL, kDefaultG, kDefaultC, "built-in defaults"};
  const char* path = std::getenv("BSP_PARAMS");
  std::string text, why;
  if (path && std::strcmp(path, "builtin") == 0) return builtin;
  if (!path || !*path) {
    // The user's saved file or the one measured at build time, when there is a usable one.
    const MeasuredParams measured = measured_params();
    if (measured.path.empty() || !read_text(measured.path, &text)) return builtin;
    auto parsed = params_from_json(text, measured.path, p, &why);
    if (!parsed) return builtin;
    parsed->source = measured.path + " (" + measured.how + ", " + parsed->source + ")";
    return *parsed;
  }
  if (!read_text(path, &text))
    usage_error("a level-1 collective", "BSP_PARAMS names \"%s\", which cannot be read", path);
  auto parsed = params_from_json(text, path, p, &why);
  if (!parsed)
    usage_error("a level-1 collective",
                "BSP_PARAMS names \"%s\", which is not a usable bspprobe result: %s", path,
                why.c_str());
  parsed->source = std::string(path) + " (" + parsed->source + ")";
  return *parsed;
}

}  // namespace

const MachineParams& machine_params(int p) {
  static int cached_p = 0;
  static MachineParams cached;
  if (cached_p == p) return cached;
  cached_p = p;
  cached = params_for(p);
  const Runtime* runtime = Runtime::active();
  cached.queue_copy_extra = !runtime || runtime->puts_staged_in_shared_memory();
  return cached;
}

Algorithm choose(const char* name, long long nbytes, const Cost& direct,
                 const std::optional<Cost>& two_phase, const std::optional<Cost>& messages) {
  const int p = bsp_nprocs();
  const MachineParams& m = machine_params(p);
  bsp_collective_algorithm forced =
      forced_by_api != BSP_COLLECTIVE_AUTO ? forced_by_api : forced_by_environment();
  Algorithm chosen = Algorithm::direct;
  const char* why = "cost model";
  if (!two_phase && !messages) {
    why = "the only algorithm";
  } else if (forced != BSP_COLLECTIVE_AUTO) {
    // A forced algorithm this collective does not have falls back to direct.
    Algorithm wanted = forced_algorithm(forced);
    bool available = wanted == Algorithm::direct || (wanted == Algorithm::two_phase && two_phase) ||
                     (wanted == Algorithm::messages && messages);
    chosen = available ? wanted : Algorithm::direct;
    why = "forced";
  } else {
    double best = direct.seconds(m);
    if (two_phase && two_phase->seconds(m) < best) {
      chosen = Algorithm::two_phase;
      best = two_phase->seconds(m);
    }
    if (messages && messages->seconds(m) < best) chosen = Algorithm::messages;
  }
  last_chosen = chosen == Algorithm::direct      ? BSP_COLLECTIVE_DIRECT
                : chosen == Algorithm::two_phase ? BSP_COLLECTIVE_TWO_PHASE
                                                 : BSP_COLLECTIVE_MESSAGES;
  if (tracing() && bsp_pid() == 0) {
    std::fprintf(stderr, "superstep: %s p=%d bytes=%lld: direct %.3g us", name, p, nbytes,
                 direct.seconds(m) * 1e6);
    if (two_phase) std::fprintf(stderr, ", two_phase %.3g us", two_phase->seconds(m) * 1e6);
    if (messages) std::fprintf(stderr, ", messages %.3g us", messages->seconds(m) * 1e6);
    std::fprintf(stderr,
                 " -> %s (%s; l=%.3g us, g=%.3g ns/byte, o=%.3g ns/put, %.3g ns/send, "
                 "c=%.3g ns/byte%s from %s)\n",
                 name_of(chosen), why, m.l * 1e6, m.g * 1e9, m.o_put * 1e9, m.o_send * 1e9,
                 m.c * 1e9, m.queue_copy_extra ? "" : " (no extra queue copy)", m.source.c_str());
  }
  return chosen;
}

}  // namespace superstep::level1

extern "C" void bsp_collective_force(bsp_collective_algorithm algorithm) {
  if (algorithm != BSP_COLLECTIVE_AUTO && algorithm != BSP_COLLECTIVE_DIRECT &&
      algorithm != BSP_COLLECTIVE_TWO_PHASE && algorithm != BSP_COLLECTIVE_MESSAGES)
    superstep::usage_error(
        "bsp_collective_force",
        "algorithm is %d; pass BSP_COLLECTIVE_AUTO, _DIRECT, _TWO_PHASE or _MESSAGES",
        static_cast<int>(algorithm));
  superstep::level1::forced_by_api = algorithm;
}

extern "C" bsp_collective_algorithm bsp_collective_chosen(void) {
  return superstep::level1::last_chosen;
}
