#include "profile.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "superstep_internal/profile_files.hpp"
#include "superstep_internal/profile_merge.hpp"
#include "superstep_internal/json.hpp"

namespace bspprof {

using toolkit::Json;
using toolkit::JsonError;

const char* const kKindNames[kKinds] = {"put", "hpput", "get", "hpget", "send"};

double ProcessStep::out_total() const {
  double t = 0;
  for (double b : out_bytes) t += b;
  return t;
}
double ProcessStep::in_total() const {
  double t = 0;
  for (double b : in_bytes) t += b;
  return t;
}

namespace {

int kind_index(const std::string& name) {
  for (int k = 0; k < kKinds; ++k)
    if (name == kKindNames[k]) return k;
  return -1;
}

bool pulls(int kind) { return kind == 2 || kind == 3; }  // get, hpget: data comes to the caller

void add_flow(ProcessStep& from, int to, double bytes) {
  for (auto& [partner, total] : from.flows)
    if (partner == to) {
      total += bytes;
      return;
    }
  from.flows.emplace_back(to, bytes);
}

void add_sender(ProcessStep& to, int from) {
  if (std::find(to.senders.begin(), to.senders.end(), from) == to.senders.end())
    to.senders.push_back(from);
}

ProcessStep read_step(const Json& s) {
  ProcessStep p;
  const Json& t = s["t"];
  if (!t.is_array() || t.size() != 4) throw JsonError("\"t\" is not four moments");
  p.begin = t[0].as_number() * 1e-9;
  p.enter = t[1].as_number() * 1e-9;
  p.arrive = t[2].as_number() * 1e-9;
  p.leave = t[3].as_number() * 1e-9;
  p.site = s["site"].as_string();
  if (const Json* label = s.find("label")) p.label = label->as_string();
  p.pushes = static_cast<int>(s["reg"][0].as_number());
  p.pops = static_cast<int>(s["reg"][1].as_number());
  return p;
}

}  // namespace

Profile parse_profile(const std::string& text, const std::string& name) {
  Json root;
  try {
    root = Json::parse(text);
  } catch (const JsonError& e) {
    throw InputError(name + " is not a readable profile (cut short, or not JSON: " + e.what() +
                     ")");
  }
  const Json* schema = root.is_object() ? root.find("schema") : nullptr;
  if (!schema || !schema->is_string() || schema->as_string() != superstep::profile::kSchema)
    throw InputError(name + " is not a Superstep profile of this version (its \"schema\" is " +
                     (schema ? schema->dump(false) : std::string("missing")) + ", expected \"" +
                     superstep::profile::kSchema + "\")");
  Profile prof;
  prof.source = name;
  try {
    prof.complete = root["complete"].as_bool();
    const Json& run = root["run"];
    prof.nprocs = static_cast<int>(run["nprocs"].as_number());
    prof.program = run["program"].as_string();
    prof.host = run["host"].as_string();
    prof.date = run["date"].as_string();
    if (const Json* v = run.find("processors")) prof.processors = static_cast<int>(v->as_number());
    if (const Json* v = run.find("load")) prof.load = v->as_number();
    const Json& procs = root["processes"];
    if (prof.nprocs < 1 || procs.size() != static_cast<std::size_t>(prof.nprocs))
      throw JsonError("\"processes\" does not hold nprocs entries");
    std::size_t common = SIZE_MAX;
    for (int q = 0; q < prof.nprocs; ++q) {
      std::size_t n = procs[q]["supersteps"].size();
      prof.recorded.push_back(static_cast<int>(n));
      common = std::min(common, n);
    }
    prof.steps.resize(common);
    for (std::size_t s = 0; s < common; ++s) {
      Superstep& step = prof.steps[s];
      step.procs.resize(prof.nprocs);
      for (int q = 0; q < prof.nprocs; ++q) step.procs[q] = read_step(procs[q]["supersteps"][s]);
      for (int q = 0; q < prof.nprocs; ++q) {
        for (const Json& e : procs[q]["supersteps"][s]["edges"].as_array()) {
          int partner = static_cast<int>(e[0].as_number());
          int kind = kind_index(e[1].as_string());
          double bytes = e[2].as_number(), count = e[3].as_number();
          if (partner < 0 || partner >= prof.nprocs || kind < 0)
            throw JsonError("an edge names process " + std::to_string(partner) + " or kind " +
                            e[1].dump(false));
          if (partner == q) {
            step.procs[q].self_bytes += bytes;
            continue;
          }
          int from = pulls(kind) ? partner : q, to = pulls(kind) ? q : partner;
          step.procs[from].out_bytes[kind] += bytes;
          step.procs[from].out_count[kind] += count;
          step.procs[to].in_bytes[kind] += bytes;
          step.procs[to].in_count[kind] += count;
          add_sender(step.procs[to], from);
          add_flow(step.procs[from], to, bytes);
        }
      }
    }
  } catch (const JsonError& e) {
    throw InputError(name + " is not a well-formed Superstep profile: " + e.what());
  }
  if (prof.steps.empty())
    throw InputError(name + " holds no supersteps" +
                     (prof.complete ? std::string(": the program recorded none")
                                    : std::string(": the program stopped before its first "
                                                  "bsp_sync ended")) +
                     "; there is nothing to report");
  return prof;
}

Profile load_profile(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    int err = errno;
    if (access(superstep::profile::parts_dir(file).c_str(), F_OK) == 0) {
      std::string error;
      std::string text = superstep::profile::merged_text(file, error);
      if (text.empty()) throw InputError(error);
      return parse_profile(text, superstep::profile::parts_dir(file));
    }
    throw InputError("cannot read " + file + ": " + std::strerror(err));
  }
  std::stringstream text;
  text << in.rdbuf();
  return parse_profile(text.str(), file);
}

}  // namespace bspprof
