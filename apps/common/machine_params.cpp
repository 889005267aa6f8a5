#include "machine_params.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "superstep_internal/bsp_params.hpp"

namespace apps {

namespace {

[[noreturn]] void unusable(const std::string& app, const std::string& file,
                           const std::string& why) {
  std::fprintf(stderr, "%s: --params %s: %s\n", app.c_str(), file.c_str(), why.c_str());
  std::exit(2);
}

}  // namespace

std::vector<MachineParams> load_machine_params(const std::string& app, const std::string& file) {
  if (file.empty()) return {};
  if (access(file.c_str(), R_OK) != 0) unusable(app, file, "cannot open it");
  superstep::BspParams result;
  try {
    const superstep::Json root = superstep::read_json_file(file);
    const superstep::Json schema =
        root.is_object() ? root.value("schema", superstep::Json()) : superstep::Json();
    if (!schema.is_string() || schema.get<std::string>().rfind("superstep-bspprobe/", 0) != 0)
      unusable(app, file, "not a bspprobe result (no \"schema\": \"superstep-bspprobe/...\")");
    result = superstep::bsp_params_from_json(root, file);
  } catch (const std::runtime_error& e) {  // one line naming the file, and the line or field
    std::fprintf(stderr, "%s: --params: %s\n", app.c_str(), e.what());
    std::exit(2);
  }
  std::vector<MachineParams> all;
  // A fit bspprobe has none of (p = 1) costs 0.
  const auto slope = [](const std::optional<superstep::Fit>& fit) { return fit ? fit->slope : 0; };
  using superstep::message_cost;
  for (const superstep::ParamsAtP& e : result.per_p)
    all.push_back({e.p, e.oversubscribed, result.processors, e.l, slope(e.g_put), slope(e.g_get),
                   slope(e.g_send), slope(e.g_global), message_cost(e.g_put), message_cost(e.g_get),
                   message_cost(e.g_send), message_cost(e.g_global), message_cost(e.g_put, true)});
  return all;
}

std::optional<MachineParams> params_for(const std::vector<MachineParams>& all, int p) {
  for (const MachineParams& m : all)
    if (m.p == p) return m;
  return std::nullopt;
}

}  // namespace apps
