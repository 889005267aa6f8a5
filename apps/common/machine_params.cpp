#include "machine_params.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "superstep_internal/json.hpp"

namespace apps {

namespace {

[[noreturn]] void unusable(const std::string& app, const std::string& file,
                           const std::string& why) {
  std::fprintf(stderr, "%s: --params %s: %s\n", app.c_str(), file.c_str(), why.c_str());
  std::exit(2);
}

// The slope of a Table-1 fit, or 0 where bspprobe wrote null (p = 1).
double slope(const toolkit::Json& entry, const char* key) {
  const toolkit::Json* fit = entry.find(key);
  if (fit == nullptr || !fit->is_object()) return 0;
  const toolkit::Json* s = fit->find("slope");
  return s != nullptr && s->is_number() ? s->as_number() : 0;
}

}  // namespace

std::vector<MachineParams> load_machine_params(const std::string& app, const std::string& file) {
  std::ifstream in(file);
  if (!in) unusable(app, file, "cannot open it");
  std::stringstream text;
  text << in.rdbuf();
  std::vector<MachineParams> all;
  try {
    const toolkit::Json root = toolkit::Json::parse(text.str());
    const toolkit::Json* schema = root.is_object() ? root.find("schema") : nullptr;
    if (schema == nullptr || !schema->is_string() ||
        schema->as_string().rfind("superstep-bspprobe/", 0) != 0)
      unusable(app, file, "not a bspprobe result (no \"schema\": \"superstep-bspprobe/...\")");
    const int processors = static_cast<int>(root["processors"].as_number());
    for (const toolkit::Json& entry : root["per_p"].as_array()) {
      MachineParams m;
      m.processors = processors;
      m.p = static_cast<int>(entry["p"].as_number());
      m.oversubscribed = entry["oversubscribed"].as_bool();
      m.l = entry["l"]["median"].as_number();
      m.g_put = slope(entry, "g_put");
      m.g_get = slope(entry, "g_get");
      m.g_send = slope(entry, "g_send");
      m.g_global = slope(entry, "g_global");
      all.push_back(m);
    }
  } catch (const toolkit::JsonError& e) {
    unusable(app, file, e.what());
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
