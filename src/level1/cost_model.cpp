#include "level1/cost_model.hpp"

#include <bsp.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/runtime.hpp"
#include "util/bsp_params.hpp"
#include "util/errors.hpp"
#include "util/loaded_from.hpp"
#include "util/text_format.hpp"

namespace superstep::level1 {

namespace {

// Built-in defaults, for when no measurement is at hand (a build that did not
// measure, BSP_PARAMS=builtin): round estimates for a shared-memory machine
// (an empty superstep of a few microseconds, a copy rate of a few GB/s). A
// machine's own figures are the user's saved file, the file measured at build
// time or the one BSP_PARAMS names (util/bsp_params.hpp).
constexpr double kDefaultL = 2.0e-6;
constexpr double kDefaultG = 0.5e-9;
constexpr double kDefaultC = 0.25e-9;

bsp_collective_algorithm forced_by_api = BSP_COLLECTIVE_AUTO;
bsp_collective_algorithm last_chosen = BSP_COLLECTIVE_AUTO;

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

// The cost model's figures from bspprobe's result `file`: its entry for p, else for the
// nearest p (the first of two as near).
MachineParams cost_params(const BspParams& result, const std::string& file, int p) {
  const ParamsAtP& at = result.nearest(p, false);
  // The total exchange is the safe upper bound (docs/bspprobe.md); at p = 1 there is none,
  // and the local shift stands in.
  const std::optional<Fit>& fit = at.g_global ? at.g_global : at.g_local;
  if (!fit || at.l < 0 || fit->slope < 0)
    throw BspParamsError(file + ": its entry for p = " + std::to_string(at.p) +
                         " has no g slope, or l or g below 0");
  MachineParams m;
  m.l = at.l;
  m.g = fit->slope / result.word_bytes;
  m.c = result.memcpy_ns_per_byte.value_or(kDefaultC * 1e9) * 1e-9;
  m.o_put = message_cost(at.g_put);
  m.o_send = message_cost(at.g_send);
  m.source = format("bspprobe result, p = %d", at.p);
  return m;
}

// The parameters before the engine's data path is taken into account (machine_params).
MachineParams params_for(int p) {
  const MachineParams builtin{kDefaultL, kDefaultG, kDefaultC, "built-in defaults"};
  const std::string here = directory_loaded_from(reinterpret_cast<const void*>(&machine_params));
  const std::optional<ParamsFile> file =
      find_params_file("", {here.empty() ? std::string() : here + SUPERSTEP_PARAMS_FROM_LIBDIR,
                            SUPERSTEP_PARAMS_IN_BUILD_TREE});
  if (!file) return builtin;
  const bool named = file->from == ParamsFrom::environment;
  try {
    MachineParams m = cost_params(read_bsp_params(file->path), file->path, p);
    m.source = file->path + " (" +
               (named                             ? ""
                : file->from == ParamsFrom::saved ? "saved by bspprobe --save, "
                                                  : "measured at build, ") +
               m.source + ")";
    return m;
  } catch (const std::runtime_error& e) {
    const char* path = file->path.c_str();
    if (named && !dynamic_cast<const JsonSyntaxError*>(&e) &&
        !dynamic_cast<const BspParamsError*>(&e))
      usage_error("a level-1 collective", "BSP_PARAMS names \"%s\", which cannot be read", path);
    if (named)
      usage_error("a level-1 collective",
                  "BSP_PARAMS names \"%s\", which is not a usable bspprobe result: %s", path,
                  e.what());
  }
  return builtin;
}

}  // namespace

const MachineParams& machine_params(int p) {
  static int cached_p = 0;
  static MachineParams cached;
  if (cached_p == p) return cached;
  cached_p = p;
  cached = params_for(p);
  const Runtime* runtime = Runtime::active();
  cached.puts_land_in_place_from =
      runtime ? static_cast<double>(runtime->puts_land_in_place_from()) : 0;
  return cached;
}

Algorithm choose(const char* name, long long nbytes, const Cost& direct,
                 const std::optional<Cost>& two_phase, const std::optional<Cost>& messages) {
  const int p = bsp_nprocs();
  bsp_collective_algorithm forced =
      forced_by_api != BSP_COLLECTIVE_AUTO ? forced_by_api : forced_by_environment();
  if (p == 1 && messages && forced == BSP_COLLECTIVE_AUTO) {
    // Alone, messages is the local work and one superstep, with nothing sent: no
    // algorithm costs less, and no parameters are needed to know it.
    last_chosen = BSP_COLLECTIVE_MESSAGES;
    if (tracing())
      std::fprintf(stderr,
                   "superstep: %s p=1 bytes=%lld -> messages (one process: its local work "
                   "and one superstep)\n",
                   name, nbytes);
    return Algorithm::messages;
  }
  const MachineParams& m = machine_params(p);
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
    char queue_copy[64] = "never";
    if (m.puts_land_in_place_from < 1e18)
      std::snprintf(queue_copy, sizeof queue_copy, "from %.0f bytes", m.puts_land_in_place_from);
    std::fprintf(stderr,
                 " -> %s (%s; l=%.3g us, g=%.3g ns/byte, o=%.3g ns/put, %.3g ns/send, "
                 "c=%.3g ns/byte from %s; a message copied once more than a put: %s)\n",
                 name_of(chosen), why, m.l * 1e6, m.g * 1e9, m.o_put * 1e9, m.o_send * 1e9,
                 m.c * 1e9, m.source.c_str(), queue_copy);
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
