#include "util/bsp_params.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace superstep {

namespace {

// Where in which file a field lies, for the error.
struct Where {
  const std::string& file;
  std::string path;
  Where operator/(const char* key) const { return {file, path.empty() ? key : path + "." + key}; }
  [[noreturn]] void fail(const char* what) const {
    throw BspParamsError(file + ": " + (path.empty() ? "" : path + ": ") + what);
  }
};

// The member `key` of object, or nullptr where it is missing or null; fails where it is not
// what `is` asks.
const Json* member(const Json& object, const Where& at, const char* key,
                   bool (Json::*is)() const noexcept = &Json::is_object,
                   const char* expected = "expected an object or null") {
  auto it = object.find(key);
  if (it == object.end() || it->is_null()) return nullptr;
  if (!((*it).*is)()) (at / key).fail(expected);
  return &*it;
}

std::optional<double> number(const Json& object, const Where& at, const char* key) {
  const Json* v = member(object, at, key, &Json::is_number, "expected a number");
  return v ? std::optional<double>(v->get<double>()) : std::nullopt;
}

double needed(const Json& object, const Where& at, const char* key) {
  const std::optional<double> v = number(object, at, key);
  if (!v) (at / key).fail(object.contains(key) ? "expected a number" : "missing");
  return *v;
}

std::string text(const Json& object, const Where& at, const char* key) {
  const Json* v = member(object, at, key, &Json::is_string, "expected a string");
  return v ? v->get<std::string>() : std::string();
}

std::optional<Fit> fit(const Json& entry, const Where& where, const char* key) {
  const Json* v = member(entry, where, key);
  if (!v) return std::nullopt;
  const Where at = where / key;
  Fit f{needed(*v, at, "slope"), number(*v, at, "intercept").value_or(0),
        number(*v, at, "r2").value_or(0), number(*v, at, "sync_slope"), std::nullopt};
  if (const Json* pm = member(*v, at, "per_message")) {
    const Where in = at / "per_message";
    f.per_message =
        PerMessageFit{number(*pm, in, "g").value_or(0), number(*pm, in, "intercept").value_or(0),
                      number(*pm, in, "o").value_or(0), number(*pm, in, "o_sync"),
                      number(*pm, in, "o_small"),       number(*pm, in, "o_small_sync")};
  }
  return f;
}

ParamsAtP params_at(const Json& entry, const Where& at) {
  if (!entry.is_object()) at.fail("expected an object");
  ParamsAtP e;
  const double p = needed(entry, at, "p");
  if (p < 1 || p > 1e9 || p != static_cast<int>(p))
    (at / "p").fail("expected a whole number of at least 1");
  e.p = static_cast<int>(p);
  if (const Json* o =
          member(entry, at, "oversubscribed", &Json::is_boolean, "expected true or false"))
    e.oversubscribed = o->get<bool>();
  const Json* l = member(entry, at, "l");
  if (!l) (at / "l").fail("missing");
  e.l = needed(*l, at / "l", "median");
  e.g_local = fit(entry, at, "g_local");
  e.g_global = fit(entry, at, "g_global");
  e.g_put = fit(entry, at, "g_put");
  e.g_get = fit(entry, at, "g_get");
  e.g_send = fit(entry, at, "g_send");
  e.g_scattered = fit(entry, at, "g_scattered");
  return e;
}

}  // namespace

BspParams bsp_params_from_json(const Json& root, const std::string& file) {
  const Where top{file, ""};
  if (!root.is_object()) top.fail("not a JSON object (is it bspprobe's result?)");
  BspParams b;
  b.schema = text(root, top, "schema");
  b.machine = text(root, top, "machine");
  b.host = text(root, top, "host");
  b.processors = static_cast<int>(number(root, top, "processors").value_or(0));
  b.word_bytes = number(root, top, "word_bytes").value_or(4);
  if (const Json* floors = member(root, top, "floors"))
    b.memcpy_ns_per_byte = number(*floors, top / "floors", "memcpy_ns_per_byte");
  const auto per_p = root.find("per_p");
  if (per_p == root.end() || !per_p->is_array() || per_p->empty())
    (top / "per_p").fail("expected a non-empty array (is it bspprobe's result?)");
  for (std::size_t i = 0; i < per_p->size(); ++i)
    b.per_p.push_back(params_at((*per_p)[i], Where{file, "per_p[" + std::to_string(i) + "]"}));
  return b;
}

BspParams read_bsp_params(const std::string& file) {
  return bsp_params_from_json(read_json_file(file), file);
}

double message_cost(const std::optional<Fit>& fit, bool small) {
  if (!fit || !fit->per_message) return 0;
  const PerMessageFit& m = *fit->per_message;
  return std::max(0.0, small ? m.o_small.value_or(m.o) : m.o);
}

const ParamsAtP& BspParams::nearest(int p, bool larger_on_tie) const {
  const ParamsAtP* best = &per_p.front();
  for (const ParamsAtP& e : per_p) {
    const int distance = std::abs(e.p - p), best_distance = std::abs(best->p - p);
    if (distance < best_distance || (distance == best_distance && larger_on_tie && e.p > best->p))
      best = &e;
  }
  return *best;
}

std::string saved_params_path() {
  if (const char* data = std::getenv("XDG_DATA_HOME"); data && data[0] == '/')
    return std::string(data) + "/superstep/bspprobe.json";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.local/share/superstep/bspprobe.json";
  return "";
}

std::optional<ParamsFile> find_params_file(const std::string& given,
                                           std::initializer_list<std::string> measured) {
  if (!given.empty()) return ParamsFile{given, ParamsFrom::given};
  if (const char* env = std::getenv("BSP_PARAMS"); env && *env) {
    if (std::strcmp(env, "builtin") == 0) return std::nullopt;
    return ParamsFile{env, ParamsFrom::environment};
  }
  if (const std::string saved = saved_params_path();
      !saved.empty() && access(saved.c_str(), R_OK) == 0)
    return ParamsFile{saved, ParamsFrom::saved};
  for (const std::string& path : measured) {
    if (path.empty() || access(path.c_str(), R_OK) != 0) continue;
    char* resolved = realpath(path.c_str(), nullptr);
    const std::string found = resolved ? resolved : path;
    std::free(resolved);
    return ParamsFile{found, ParamsFrom::build};
  }
  return std::nullopt;
}

}  // namespace superstep
