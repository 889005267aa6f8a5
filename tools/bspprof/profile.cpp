#include "profile.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "superstep_internal/json_text.hpp"
#include "superstep_internal/profile_files.hpp"
#include "superstep_internal/profile_merge.hpp"

namespace bspprof {

using superstep::Json;

// A profile whose JSON holds something else than the format says.
class FormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

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
  const Json& t = s.at("t");
  if (!t.is_array() || t.size() != 4) throw FormatError("\"t\" is not four moments");
  p.begin = t[0].get<double>() * 1e-9;
  p.enter = t[1].get<double>() * 1e-9;
  p.arrive = t[2].get<double>() * 1e-9;
  p.leave = t[3].get<double>() * 1e-9;
  p.site = s.at("site").get<std::string>();
  if (auto label = s.find("label"); label != s.end()) p.label = label->get<std::string>();
  p.pushes = s.at("reg").at(0).get<int>();
  p.pops = s.at("reg").at(1).get<int>();
  return p;
}

// Adds the edges process q recorded in a superstep to the step's processes.
void add_edges(Superstep& step, int q, const Json& edges, int nprocs) {
  for (const Json& e : edges) {
    const int partner = e.at(0).get<int>();
    const int kind = kind_index(e.at(1).get<std::string>());
    const double bytes = e.at(2).get<double>(), count = e.at(3).get<double>();
    // [partner, kind, bytes, count, small]; older profiles lack the small count: none.
    const double small = e.size() > 4 ? e.at(4).get<double>() : 0;
    if (small < 0 || small > count)
      throw FormatError("an edge counts " + e.at(4).dump() + " small messages of " +
                        e.at(3).dump());
    // [..., small, apart]; older profiles lack it: every small message in a run.
    const double apart = e.size() > 5 ? e.at(5).get<double>() : 0;
    if (apart < 0 || apart > small)
      throw FormatError("an edge counts " + e.at(5).dump() + " small messages apart of " +
                        e.at(4).dump() + " small");
    if (partner < 0 || partner >= nprocs || kind < 0)
      throw FormatError("an edge names process " + std::to_string(partner) + " or kind " +
                        e.at(1).dump());
    if (partner == q) {
      step.procs[q].self_bytes += bytes;
      continue;
    }
    int from = pulls(kind) ? partner : q, to = pulls(kind) ? q : partner;
    step.procs[from].out_bytes[kind] += bytes;
    step.procs[from].out_count[kind] += count;
    step.procs[from].out_small[kind] += small;
    step.procs[from].out_apart[kind] += apart;
    step.procs[to].in_bytes[kind] += bytes;
    step.procs[to].in_count[kind] += count;
    step.procs[to].in_small[kind] += small;
    step.procs[to].in_apart[kind] += apart;
    add_sender(step.procs[to], from);
    add_flow(step.procs[from], to, bytes);
  }
}

// The supersteps every process recorded, from the "processes" array.
void read_supersteps(Profile& prof, const Json& procs) {
  if (prof.nprocs < 1 || !procs.is_array() || procs.size() != static_cast<std::size_t>(prof.nprocs))
    throw FormatError("\"processes\" does not hold nprocs entries");
  std::size_t common = SIZE_MAX;
  for (int q = 0; q < prof.nprocs; ++q) {
    std::size_t n = procs[q].at("supersteps").size();
    prof.recorded.push_back(static_cast<int>(n));
    common = std::min(common, n);
  }
  prof.steps.resize(common);
  for (std::size_t s = 0; s < common; ++s) {
    Superstep& step = prof.steps[s];
    step.procs.resize(prof.nprocs);
    for (int q = 0; q < prof.nprocs; ++q) step.procs[q] = read_step(procs[q]["supersteps"][s]);
    for (int q = 0; q < prof.nprocs; ++q)
      add_edges(step, q, procs[q]["supersteps"][s].at("edges"), prof.nprocs);
  }
}

using Path = std::vector<std::pair<std::size_t, int>>;

Path read_path(const Json& path) {
  if (!path.is_array() || path.empty())
    throw FormatError("a team's \"path\" is not a list of [superstep, colour]");
  Path out;
  for (const Json& level : path) {
    if (!level.is_array() || level.size() != 2)
      throw FormatError("a team's \"path\" holds " + level.dump() + ", not [superstep, colour]");
    out.emplace_back(level[0].get<std::size_t>(), level[1].get<int>());
  }
  return out;
}

// Seconds from the first superstep's begin to the last one's end; 0 without supersteps.
double seconds_in(const Json& supersteps) {
  if (supersteps.empty()) return 0;
  return (supersteps.back().at("t").at(3).get<double>() -
          supersteps.front().at("t").at(0).get<double>()) *
         1e-9;
}

// A team's members as the processes' entries name them, by pid in the team.
struct Members {
  int nprocs = 0;
  std::vector<Json> supersteps;  // null where no process recorded that pid
  std::vector<int> outer_pids;   // -1 likewise
  std::vector<double> seconds;

  void add(const Json& entry, int outer_pid) {
    const int n = entry.at("nprocs").get<int>(), pid = entry.at("pid").get<int>();
    if (nprocs == 0 && n > 0) {
      nprocs = n;
      supersteps.assign(n, Json());
      outer_pids.assign(n, -1);
      seconds.assign(n, 0.0);
    }
    if (n != nprocs || pid < 0 || pid >= n)
      throw FormatError("a team's members disagree on its size, or one has pid " +
                        std::to_string(pid) + " of " + std::to_string(n));
    if (!supersteps[pid].is_null())
      throw FormatError("two processes have pid " + std::to_string(pid) + " in one team");
    supersteps[pid] = entry.at("supersteps");
    outer_pids[pid] = outer_pid;
    seconds[pid] = seconds_in(supersteps[pid]);
  }
};

// Process q's pid in the team at `path`, from its own team entries.
int pid_in(const Json& entries, const Path& path) {
  for (const Json& e : entries)
    if (read_path(e.at("path")) == path) return e.at("pid").get<int>();
  throw FormatError("a process records a team within a team it did not enter");
}

// The machine whose teams hold the team at `path`: prof's for a team of the whole machine,
// else the enclosing team's.
Profile& home_of(Profile& prof, const Path& path) {
  Profile* home = &prof;
  for (std::size_t depth = 1; depth < path.size(); ++depth) {
    const Path prefix(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(depth));
    auto it = std::find_if(home->teams.begin(), home->teams.end(),
                           [&](const Team& t) { return t.path == prefix; });
    if (it == home->teams.end()) throw FormatError("a team within a team no process records");
    home = &it->machine;
  }
  return *home;
}

Team team_of(const Path& path, const Members& m, bool complete) {
  Team team;
  team.path = path;
  team.outer_pids = m.outer_pids;
  team.seconds = m.seconds;
  team.machine.nprocs = m.nprocs;
  Json processes = Json::array();
  for (const Json& supersteps : m.supersteps) {
    complete &= !supersteps.is_null();
    processes.push_back(Json{{"supersteps", supersteps.is_null() ? Json::array() : supersteps}});
  }
  team.machine.complete = complete;
  read_supersteps(team.machine, processes);
  return team;
}

// The teams the processes recorded (schema 2: each process's "teams"), each under the machine
// that holds it.
void read_teams(Profile& prof, const Json& procs) {
  std::map<Path, Members> found;  // ordered by path: an enclosing team before those within it
  for (int q = 0; q < prof.nprocs; ++q) {
    auto entries = procs[q].find("teams");
    if (entries == procs[q].end()) continue;
    for (const Json& e : *entries) {
      const Path path = read_path(e.at("path"));
      found[path].add(e, path.size() == 1 ? q : pid_in(*entries, Path(path.begin(), path.end() - 1)));
    }
  }
  for (const auto& [path, members] : found)
    home_of(prof, path).teams.push_back(team_of(path, members, prof.complete));
}

}  // namespace

std::string team_name(const Team& team) {
  std::string name;
  for (const auto& [in, colour] : team.path)
    name += (name.empty() ? "" : " > ") + std::string("superstep ") + std::to_string(in) +
            ", colour " + std::to_string(colour);
  return name;
}

Profile parse_profile(const std::string& text, const std::string& name) {
  Json root;
  try {
    root = superstep::parse_json(text, name);
  } catch (const superstep::JsonSyntaxError& e) {
    throw InputError(e.what());
  }
  const Json schema = root.is_object() ? root.value("schema", Json()) : Json();
  // Version 2 adds the teams to version 1 (profile_files.hpp); both are read.
  if (schema != superstep::profile::kSchema && schema != superstep::profile::kTeamsSchema)
    throw InputError(name + " is not a Superstep profile of this version (its \"schema\" is " +
                     (schema.is_null() ? std::string("missing") : schema.dump()) + ", expected \"" +
                     superstep::profile::kSchema + "\" or \"" +
                     superstep::profile::kTeamsSchema + "\")");
  Profile prof;
  prof.source = name;
  try {
    prof.complete = root.at("complete").get<bool>();
    const Json& run = root.at("run");
    prof.nprocs = run.at("nprocs").get<int>();
    prof.program = run.at("program").get<std::string>();
    prof.host = run.at("host").get<std::string>();
    prof.date = run.at("date").get<std::string>();
    if (auto v = run.find("processors"); v != run.end()) prof.processors = v->get<int>();
    if (auto v = run.find("load"); v != run.end()) prof.load = v->get<double>();
    read_supersteps(prof, root.at("processes"));
    read_teams(prof, root.at("processes"));
  } catch (const Json::exception& e) {
    throw InputError(name +
                     " is not a well-formed Superstep profile: " + superstep::json_error_text(e));
  } catch (const FormatError& e) {
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
