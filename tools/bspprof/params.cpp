#include "params.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <vector>

#include "analysis.hpp"  // bspprobe: kResultSchema
#include "report.hpp"    // bspprobe: busy_line
#include "result_schema.hpp"
#include "superstep_internal/bsp_params.hpp"

namespace bspprof {

using superstep::Fit;
using superstep::Json;
using superstep::ParamsAtP;

namespace {

// The file as JSON, checked against bspprobe's layout of its result.
Json read_probe(const std::string& file) {
  Json root;
  try {
    root = superstep::read_json_file(file);
  } catch (const std::runtime_error& e) {  // cannot read it, or not JSON: one line already
    throw InputError(e.what());
  }
  std::vector<std::string> problems = bspprobe::schema_problems(root);
  if (!problems.empty()) {
    const Json schema = root.is_object() ? root.value("schema", Json()) : Json();
    if (schema != bspprobe::kResultSchema)
      throw InputError(file + " is not a bspprobe result of this version (its \"schema\" is " +
                       (schema.is_null() ? std::string("missing") : schema.dump()) +
                       ", expected \"" + bspprobe::kResultSchema + "\"); run bspprobe again");
    throw InputError(file + " is not a well-formed bspprobe result: " + problems.front() +
                     (problems.size() > 1
                          ? " (and " + std::to_string(problems.size() - 1) + " more problems)"
                          : std::string()));
  }
  return root;
}

// The per_p entry measured at p, else at the nearest p (the larger of two as
// near), with a note saying so; and a note when it was measured oversubscribed.
const ParamsAtP& entry_for(const superstep::BspParams& result, const std::string& file, int p,
                           Params& par) {
  std::string have;
  for (const ParamsAtP& e : result.per_p) have += (have.empty() ? "" : ", ") + std::to_string(e.p);
  const ParamsAtP& entry = result.nearest(p, true);
  const int used = entry.p;
  if (used != p)
    par.notes.push_back(
        file + " has no measurements at p = " + std::to_string(p) + " (it has p = " + have +
        "): using the nearest, p = " + std::to_string(used) + " (bspprobe --procs " +
        std::to_string(p) + " measures p = " + std::to_string(p) + ")");
  if (entry.oversubscribed)
    par.notes.push_back("the parameters at p = " + std::to_string(used) +
                        " were measured oversubscribed (" + std::to_string(used) +
                        " processes on " + std::to_string(result.processors) + " processors)");
  return entry;
}

// o_apart: a small put that continues no run is a record of its own. bspprobe's total
// exchange in 16-byte puts landing p apart costs its sync (g_scattered's sync_slope: the
// issuing is in a profile's computation) beyond g_put's sync per word for the same words in
// whole messages: times the 4 words of a piece, what the sync spends on each such put.
void take_apart_cost(const ParamsAtP& entry, Params& par) {
  const std::optional<Fit>&scattered = entry.g_scattered, &whole = entry.g_put;
  if (!scattered || !whole) return;
  constexpr double kPieceWords = 4;
  // The sync's parts of both where both were timed (a bsp_put copies its data at the call,
  // which a profile counts as computation), else both lines whole.
  const bool sync_parts = scattered->sync_slope && whole->sync_slope;
  const double each = std::max(0.0, sync_parts ? *scattered->sync_slope - *whole->sync_slope
                                               : scattered->slope - whole->slope) *
                      kPieceWords;
  for (int k : {0, 1}) par.o_apart[k] = par.op == HOperator::kSum ? each / 2 : each;
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "; a small put apart from the one before it (a record of its own) %.3g ns, of the "
                "total exchange in 16-byte puts landing p apart",
                par.o_apart[0] * 1e9);
  par.source += buf;
}

// The per-message fits of the entry, per kind of the profile (hpget is timed
// as bsp_get): o_sync, the part of o the sync spends (the part spent issuing
// is in the profile's computation), or o where the result predates it; the
// source gets what was taken. Puts and hpputs of at most 16 bytes get o_small_sync
// (o_small, else o, where the result predates it). On the total exchange h and
// the messages are counted as max(in, out); read as in + out both double, so
// o halves. Nothing changes where the result predates the per-message fit.
void take_message_costs(const ParamsAtP& entry, Params& par) {
  const bool one = entry.p < 2;
  const std::optional<Fit>* fits[kKinds] = {&entry.g_put, one ? &entry.g_local : &entry.g_global,
                                            &entry.g_get, &entry.g_get, &entry.g_send};
  std::string taken;
  for (int k = 0; k < kKinds; ++k) {
    if (!*fits[k] || !(*fits[k])->per_message) continue;
    const superstep::PerMessageFit& pm = *(*fits[k])->per_message;
    // A profile's computation holds the time its calls took to issue the messages: the
    // models charge what the sync spends per message, where bspprobe measured it.
    const double o = std::max(0.0, pm.o_sync.value_or(pm.o));
    par.o[k] = par.op == HOperator::kSum ? o / 2 : o;
    char buf[96];
    std::snprintf(buf, sizeof buf, "%s%s %.3g ns", taken.empty() ? "" : ", ", kKindNames[k],
                  par.o[k] * 1e9);
    taken += buf;
    // Puts and hpputs of at most 16 bytes are joined into records: o_small each, where
    // measured; else o, as every message was charged before o_small was measured.
    par.o_small[k] = par.o[k];
    const std::optional<double> small = pm.o_small_sync ? pm.o_small_sync : pm.o_small;
    if (k > 1 || !small) continue;
    const double o_small = std::max(0.0, *small);
    par.o_small[k] = par.op == HOperator::kSum ? o_small / 2 : o_small;
    std::snprintf(buf, sizeof buf, " (%.3g ns small)", par.o_small[k] * 1e9);
    taken += buf;
  }
  par.o_apart = par.o_small;
  if (taken.empty()) return;
  par.source +=
      "; o, the cost of each message that makes a record, and of each small put (of at most "
      "16 bytes), spent in the sync (" +
      taken + "), of the fits over message sizes";
  take_apart_cost(entry, par);
  // The start-up L fitted with one message per destination holds their o:
  // with o charged per message, g and L come from the same per-message fit.
  const std::optional<Fit>& global = entry.g_global;
  if (!one && par.op == HOperator::kMax && global && global->per_message) {
    par.g = global->per_message->g;
    par.L = global->per_message->intercept;
    par.source += ", with g and L of the total exchange's fit over message sizes";
  }
}

// g_self, what the sync spends on a word a process puts to itself: the slope of the cyclic
// shift at p = 1, where every process puts to itself only. Left 0 where p = 1 was not measured.
void take_self_cost(const superstep::BspParams& result, Params& par) {
  for (const ParamsAtP& e : result.per_p) {
    if (e.p != 1 || !e.g_local) continue;
    par.g_self = std::max(0.0, e.g_local->slope);
    char buf[96];
    std::snprintf(buf, sizeof buf,
                  "; a put to oneself costs %.3g ns/word (the shift to the next process at p = 1)",
                  par.g_self * 1e9);
    par.source += buf;
    return;
  }
}

// The parameters of a result read from `file`.
Params params_from_result(const Json& root, const std::string& file, int p,
                          std::optional<HOperator> op) {
  superstep::BspParams result;
  try {
    result = superstep::bsp_params_from_json(root, file);
  } catch (const superstep::BspParamsError& e) {
    throw InputError(e.what());
  }
  Params par;
  const ParamsAtP& entry = entry_for(result, file, p, par);
  p = entry.p;
  par.l = entry.l;
  const std::optional<Fit>& global = entry.g_global;
  // The fit over all five patterns, h = words sent plus received: bspprof's alone.
  const Json f11 = root.value("formula11", Json());
  const bool have_max = global.has_value(), have_sum = f11.is_object();
  std::string why;
  if (op) {
    par.op = *op;
    why = "as asked";
  } else if (have_max && have_sum) {
    double r2_max = global->r2, r2_sum = f11["r2"].get<double>();
    par.op = r2_sum > r2_max ? HOperator::kSum : HOperator::kMax;
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "words sent plus received fit this machine better: R^2 %.4f, against %.4f "
                  "for the larger of the two on the total exchange",
                  r2_sum, r2_max);
    why = buf;
  } else {
    par.op = HOperator::kMax;
    why = "the only reading measured";
  }
  char buf[480];
  if (par.op == HOperator::kSum && have_sum) {
    par.g = f11["g"].get<double>();
    par.L = f11["L"].get<double>();
    std::snprintf(buf, sizeof buf,
                  "%s, p = %d: l = the median empty superstep; g and L of one fit over all five "
                  "patterns at once, h = words a process sends plus receives (%s)",
                  file.c_str(), p, why.c_str());
  } else if (have_max) {
    par.g = global->slope;
    par.L = global->intercept;
    std::snprintf(buf, sizeof buf,
                  "%s, p = %d: l = the median empty superstep; g and L of the total exchange, "
                  "h = the larger of the words a process sends and receives (%s)",
                  file.c_str(), p, why.c_str());
  } else {
    // p = 1: nothing crosses processes, so g does not matter; L is a superstep's cost.
    par.g = entry.g_local->slope;
    par.L = par.l;
    std::snprintf(buf, sizeof buf,
                  "%s, p = %d: l = L = the median empty superstep, g of the shift to the next "
                  "process",
                  file.c_str(), p);
  }
  par.source = buf;
  par.machine = result.machine + ", host " + result.host + ", " +
                std::to_string(result.processors) + " processors";
  take_message_costs(entry, par);
  take_self_cost(result, par);
  // A fitted start-up below zero is noise around a start-up too small to
  // measure; a negative cost would make the models predict negative times.
  if (par.L < 0 || par.l < 0) {
    par.source += par.L < 0 ? "; the fitted start-up cost L, below 0, taken as 0"
                            : "; l, below 0, taken as 0";
    par.L = std::max(par.L, 0.0);
    par.l = std::max(par.l, 0.0);
  }
  return par;
}

}  // namespace

Params params_from_probe(const std::string& file, int p, std::optional<HOperator> op) {
  return params_from_result(read_probe(file), file, p, op);
}

std::optional<Params> found_params(const std::string& given, int p, std::optional<HOperator> op) {
  // The build's result as installed (bin and data folders as configured), then in the build
  // tree (bin/ and share/ side by side).
  std::error_code error;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  const std::string bin = error ? "" : exe.parent_path().string() + "/";
  const std::optional<superstep::ParamsFile> file = superstep::find_params_file(
      given, {bin.empty() ? "" : bin + SUPERSTEP_PARAMS_FROM_BINDIR,
              bin.empty() ? "" : bin + "../share/superstep/bspprobe.json"});
  if (!file) return std::nullopt;
  static const char* const kHow[] = {"--params", "BSP_PARAMS", "saved by bspprobe --save",
                                     "measured when Superstep was built"};
  Json root;
  Params par;
  try {
    root = read_probe(file->path);
    par = params_from_result(root, file->path, p, op);
  } catch (const InputError& e) {
    if (file->from != superstep::ParamsFrom::environment) throw;
    throw InputError(std::string("BSP_PARAMS: ") + e.what());
  }
  par.notes.insert(par.notes.begin(), "parameters from " + file->path + " (" +
                                          kHow[static_cast<int>(file->from)] + ")");
  // A result measured while other programs kept the processors busy (the
  // build's other jobs, say) predicts their interference too: say so.
  if (const std::string busy = bspprobe::busy_line(root); !busy.empty())
    par.notes.insert(par.notes.begin() + 1, "these parameters may be off: " + busy);
  return par;
}

}  // namespace bspprof
