#include "machine_params.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "superstep_internal/json_text.hpp"

namespace apps {

namespace {

using superstep::Json;

[[noreturn]] void unusable(const std::string& app, const std::string& file,
                           const std::string& why) {
  std::fprintf(stderr, "%s: --params %s: %s\n", app.c_str(), file.c_str(), why.c_str());
  std::exit(2);
}

// The slope of a Table-1 fit, or 0 where bspprobe wrote null (p = 1).
double slope(const Json& entry, const char* key) {
  auto fit = entry.find(key);
  if (fit == entry.end() || !fit->is_object()) return 0;
  auto s = fit->find("slope");
  return s != fit->end() && s->is_number() ? s->get<double>() : 0;
}

// The per-message cost of a Table-1 fit, or 0 where the result has none (older results, p = 1)
// or it came out below zero (noise around a cost too small to measure).
// `field` names the cost: "o" per message that makes a record, "o_small" per message of at most
// 16 bytes (where the result lacks it, "o").
double per_message(const Json& entry, const char* key, const char* field = "o") {
  auto fit = entry.find(key);
  if (fit == entry.end() || !fit->is_object()) return 0;
  auto pm = fit->find("per_message");
  if (pm == fit->end() || !pm->is_object()) return 0;
  auto o = pm->find(field);
  if (o == pm->end()) o = pm->find("o");
  return o != pm->end() && o->is_number() ? std::max(0.0, o->get<double>()) : 0;
}

}  // namespace

std::vector<MachineParams> load_machine_params(const std::string& app, const std::string& file) {
  if (file.empty()) return {};
  if (access(file.c_str(), R_OK) != 0) unusable(app, file, "cannot open it");
  std::vector<MachineParams> all;
  try {
    const Json root = superstep::read_json_file(file);
    const Json schema = root.is_object() ? root.value("schema", Json()) : Json();
    if (!schema.is_string() || schema.get<std::string>().rfind("superstep-bspprobe/", 0) != 0)
      unusable(app, file, "not a bspprobe result (no \"schema\": \"superstep-bspprobe/...\")");
    const int processors = root.at("processors").get<int>();
    for (const Json& entry : root.at("per_p")) {
      MachineParams m;
      m.processors = processors;
      m.p = entry.at("p").get<int>();
      m.oversubscribed = entry.at("oversubscribed").get<bool>();
      m.l = entry.at("l").at("median").get<double>();
      m.g_put = slope(entry, "g_put");
      m.g_get = slope(entry, "g_get");
      m.g_send = slope(entry, "g_send");
      m.g_global = slope(entry, "g_global");
      m.o_put = per_message(entry, "g_put");
      m.o_get = per_message(entry, "g_get");
      m.o_send = per_message(entry, "g_send");
      m.o_global = per_message(entry, "g_global");
      m.o_put_small = per_message(entry, "g_put", "o_small");
      all.push_back(m);
    }
  } catch (const superstep::JsonSyntaxError& e) {  // names the file, line and column
    std::fprintf(stderr, "%s: --params: %s\n", app.c_str(), e.what());
    std::exit(2);
  } catch (const std::exception& e) {
    unusable(app, file, superstep::json_error_text(e));
  }
  if (all.empty()) unusable(app, file, "it measured no p");
  return all;
}

std::optional<MachineParams> params_for(const std::vector<MachineParams>& all, int p) {
  for (const MachineParams& m : all)
    if (m.p == p) return m;
  return std::nullopt;
}

}  // namespace apps
