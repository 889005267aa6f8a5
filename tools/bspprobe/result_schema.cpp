#include "result_schema.hpp"

#include <string>
#include <string_view>

#include "analysis.hpp"

namespace bspprobe {

namespace {

class Checker {
 public:
  std::vector<std::string> problems;

  // The member, or nullptr after noting what is wrong.
  const Json* member(const Json& object, const std::string& path, const char* key) {
    const std::string where = path.empty() ? key : path + "." + key;
    if (!object.is_object()) {
      problems.push_back(path + ": expected an object");
      return nullptr;
    }
    auto it = object.find(key);
    if (it == object.end()) {
      problems.push_back(where + ": missing");
      return nullptr;
    }
    return &*it;
  }

  // A number, or null where JSON had to write a non-finite one.
  void number(const Json& object, const std::string& path, const char* key, bool nullable = false) {
    if (const Json* v = member(object, path, key))
      if (!v->is_number() && !(nullable && v->is_null()))
        problems.push_back(join(path, key) + ": expected a number");
  }

  void string(const Json& object, const std::string& path, const char* key) {
    if (const Json* v = member(object, path, key))
      if (!v->is_string()) problems.push_back(join(path, key) + ": expected a string");
  }

  void summary(const Json& object, const std::string& path, const char* key) {
    const Json* v = member(object, path, key);
    if (v == nullptr) return;
    for (const char* field : {"median", "q1", "q3", "min", "max", "spread", "n"})
      number(*v, join(path, key), field);
  }

  void points(const Json& fit, const std::string& path) {
    const Json* v = member(fit, path, "points");
    if (v == nullptr) return;
    if (!v->is_array() || v->size() < 2) {
      problems.push_back(path + ".points: expected an array of at least two points");
      return;
    }
    for (std::size_t i = 0; i < v->size(); ++i) {
      const std::string where = path + ".points[" + std::to_string(i) + "]";
      for (const char* field : {"h", "m", "median", "q1", "q3", "min", "max"})
        number((*v)[i], where, field);
      number((*v)[i], where, "residual", true);
    }
  }

  void table1_fit(const Json& entry, const std::string& path, const char* key, bool required) {
    const Json* v = member(entry, path, key);
    if (v == nullptr || (v->is_null() && !required)) return;
    const std::string where = join(path, key);
    if (!v->is_object()) {
      problems.push_back(where +
                         (required ? ": expected an object" : ": expected an object or null"));
      return;
    }
    string(*v, where, "primitive");
    string(*v, where, "h_operator");
    for (const char* field : {"slope", "intercept", "r2", "rms_residual", "g_flops", "l_flops"})
      number(*v, where, field);
    points(*v, where);
    per_message(*v, where);
  }

  // Optional: results written before the per-message cost was measured lack it.
  void per_message(const Json& fit, const std::string& path) {
    auto it = fit.find("per_message");
    if (it == fit.end() || it->is_null()) return;
    const std::string where = path + ".per_message";
    if (!it->is_object()) {
      problems.push_back(where + ": expected an object or null");
      return;
    }
    for (const char* field : {"intercept", "g", "o", "r2", "rms_residual", "o_flops"})
      number(*it, where, field);
    for (const char* field : {"n_half_words", "n_half_bytes"}) number(*it, where, field, true);
    // Optional: o_small and its parts came later, and o_small_* need a point to hold against.
    for (const char* field : {"o_issue", "o_sync", "o_small", "o_small_issue", "o_small_sync"})
      if (it->contains(field)) number(*it, where, field);
    if (it->contains("small_points") && !(*it)["small_points"].is_array())
      problems.push_back(where + ".small_points: expected an array");
  }

  void formula4_fit(const Json& patterns, const std::string& path, const char* key) {
    const Json* v = member(patterns, path, key);
    if (v == nullptr) return;
    const std::string where = join(path, key);
    for (const char* field : {"g", "L", "r2", "rms_residual", "g_flops", "L_flops"})
      number(*v, where, field);
    number(*v, where, "deviation", true);
    points(*v, where);
  }

  static std::string join(const std::string& path, const char* key) {
    return path.empty() ? key : path + "." + key;
  }
};

}  // namespace

std::vector<std::string> schema_problems(const Json& result) {
  Checker c;
  if (!result.is_object()) return {"the result is not a JSON object"};
  if (const Json* schema = c.member(result, "", "schema"))
    if (!schema->is_string() || schema->get<std::string>() != kResultSchema)
      c.problems.push_back(std::string("schema: expected \"") + kResultSchema + "\"");
  for (const char* key : {"machine", "host", "date", "mode"}) c.string(result, "", key);
  for (const char* key : {"processors", "word_bytes", "s_flops"}) c.number(result, "", key);
  if (const Json* load = c.member(result, "", "load_average")) {
    c.number(*load, "load_average", "before");
    c.number(*load, "load_average", "after");
  }
  // Optional: results written before it was recorded have none.
  if (auto others = result.find("other_programs"); others != result.end()) {
    c.number(*others, "other_programs", "processors_used");
    c.number(*others, "other_programs", "tries");
  }
  if (const Json* kernels = c.member(result, "", "s_kernels")) {
    c.summary(*kernels, "s_kernels", "inner_product");
    c.summary(*kernels, "s_kernels", "matmul");
  }
  if (const Json* floors = c.member(result, "", "floors")) {
    for (const char* key :
         {"memcpy_ns_per_byte", "memcpy_g", "memcpy_g_flops", "barrier_us", "barrier_flops"})
      c.number(*floors, "floors", key);
    c.summary(*floors, "floors", "memcpy_seconds_per_byte");
    c.summary(*floors, "floors", "barrier_seconds");
  }
  if (const Json* per_p = c.member(result, "", "per_p")) {
    if (!per_p->is_array() || per_p->size() == 0) {
      c.problems.push_back("per_p: expected a non-empty array");
    } else {
      for (std::size_t i = 0; i < per_p->size(); ++i) {
        const Json& entry = (*per_p)[i];
        const std::string path = "per_p[" + std::to_string(i) + "]";
        c.number(entry, path, "p");
        if (const Json* o = c.member(entry, path, "oversubscribed"); o && !o->is_boolean())
          c.problems.push_back(path + ".oversubscribed: expected true or false");
        c.summary(entry, path, "l");
        if (const Json* l = c.member(entry, path, "l")) c.number(*l, path + ".l", "flops");
        c.table1_fit(entry, path, "g_local", true);
        const bool several = entry.is_object() && entry.contains("p") &&
                             entry.at("p").is_number() && entry.at("p").get<double>() >= 2;
        for (const char* key : {"g_global", "g_put", "g_get", "g_send"})
          c.table1_fit(entry, path, key, several);
        // Scattered puts: in results from bspprobe's that measure them.
        if (entry.is_object() && entry.contains("g_scattered"))
          c.table1_fit(entry, path, "g_scattered", false);
        if (const Json* patterns = c.member(entry, path, "patterns")) {
          if (!patterns->is_object())
            c.problems.push_back(path + ".patterns: expected an object");
          else if (several)
            // One to all, all to one and all to all are measured from p = 3 on (at p = 2
            // they are the ping-pong and the exchange again); earlier results have them at 2.
            for (const char* key : {"E", "PP", "OA", "AO", "AA"})
              if (std::string_view(key) == "E" || std::string_view(key) == "PP" ||
                  patterns->contains(key))
                c.formula4_fit(*patterns, path + ".patterns", key);
        }
      }
    }
  }
  if (const Json* f11 = c.member(result, "", "formula11"); f11 && !f11->is_null()) {
    for (const char* key : {"g", "L", "r2", "rms_residual", "g_flops", "L_flops"})
      c.number(*f11, "formula11", key);
    for (const char* key : {"h", "t", "included"})
      if (const Json* v = c.member(*f11, "formula11", key); v && !v->is_array())
        c.problems.push_back(std::string("formula11.") + key + ": expected an array");
  }
  return c.problems;
}

}  // namespace bspprobe
