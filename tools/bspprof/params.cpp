#include "params.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "analysis.hpp"  // bspprobe: kResultSchema
#include "superstep_internal/json.hpp"
#include "result_schema.hpp"

namespace bspprof {

using toolkit::Json;

namespace {

Json read_probe(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError("cannot read " + file);
  std::stringstream text;
  text << in.rdbuf();
  Json root;
  try {
    root = Json::parse(text.str());
  } catch (const toolkit::JsonError& e) {
    throw InputError(
        file + " is not a readable bspprobe result (cut short, or not JSON: " + e.what() + ")");
  }
  std::vector<std::string> problems = bspprobe::schema_problems(root);
  if (!problems.empty()) {
    const Json* schema = root.is_object() ? root.find("schema") : nullptr;
    if (!schema || !schema->is_string() || schema->as_string() != bspprobe::kResultSchema)
      throw InputError(file + " is not a bspprobe result of this version (its \"schema\" is " +
                       (schema ? schema->dump(false) : std::string("missing")) + ", expected \"" +
                       bspprobe::kResultSchema + "\"); run bspprobe again");
    throw InputError(file + " is not a well-formed bspprobe result: " + problems.front() +
                     (problems.size() > 1
                          ? " (and " + std::to_string(problems.size() - 1) + " more problems)"
                          : std::string()));
  }
  return root;
}

}  // namespace

Params params_from_probe(const std::string& file, int p, std::optional<HOperator> op) {
  Json root = read_probe(file);
  const Json* entry = nullptr;
  std::string have;
  for (const Json& e : root["per_p"].as_array()) {
    int ep = static_cast<int>(e["p"].as_number());
    have += (have.empty() ? "" : ", ") + std::to_string(ep);
    if (ep == p) entry = &e;
  }
  if (!entry)
    throw InputError(file + " has no measurements at p = " + std::to_string(p) +
                     " (it has p = " + have + "); run bspprobe --procs " + std::to_string(p));
  Params par;
  par.l = (*entry)["l"]["median"].as_number();
  const Json& global = (*entry)["g_global"];
  const Json& f11 = root["formula11"];
  const bool have_max = global.is_object(), have_sum = f11.is_object();
  std::string why;
  if (op) {
    par.op = *op;
    why = "as asked";
  } else if (have_max && have_sum) {
    double r2_max = global["r2"].as_number(), r2_sum = f11["r2"].as_number();
    par.op = r2_sum > r2_max ? HOperator::kSum : HOperator::kMax;
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "fits this machine better: R^2 %.4f (sum, formula 11) vs %.4f "
                  "(max, total exchange)",
                  r2_sum, r2_max);
    why = buf;
  } else {
    par.op = HOperator::kMax;
    why = "the only reading measured";
  }
  char buf[320];
  if (par.op == HOperator::kSum && have_sum) {
    par.g = f11["g"].as_number();
    par.L = f11["L"].as_number();
    std::snprintf(buf, sizeof buf,
                  "%s, p = %d: l = l.median, g and L of formula 11; h = in + out (%s)",
                  file.c_str(), p, why.c_str());
  } else if (have_max) {
    par.g = global["slope"].as_number();
    par.L = global["intercept"].as_number();
    std::snprintf(buf, sizeof buf,
                  "%s, p = %d: l = l.median, g and L of g_global; h = max(in, out) (%s)",
                  file.c_str(), p, why.c_str());
  } else {
    // p = 1: nothing crosses processes, so g does not matter; L is a superstep's cost.
    par.g = (*entry)["g_local"]["slope"].as_number();
    par.L = par.l;
    std::snprintf(buf, sizeof buf, "%s, p = %d: l = L = l.median, g = g_local", file.c_str(), p);
  }
  par.source = buf;
  // A fitted start-up below zero is noise around a start-up too small to
  // measure; a negative cost would make the models predict negative times.
  if (par.L < 0 || par.l < 0) {
    par.source += par.L < 0 ? "; fitted L < 0 taken as 0" : "; l < 0 taken as 0";
    par.L = std::max(par.L, 0.0);
    par.l = std::max(par.l, 0.0);
  }
  return par;
}

}  // namespace bspprof
