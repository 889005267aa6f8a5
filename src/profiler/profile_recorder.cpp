#include "profiler/profile_recorder.hpp"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>

#include "profiler/profile_files.hpp"
#include "profiler/profile_merge.hpp"
#include "util/errors.hpp"
#include "util/json_text.hpp"
#include "util/processors.hpp"

namespace superstep::profile {

namespace {

const char* const kKindNames[kKinds] = {"put", "hpput", "get", "hpget", "send"};

// The command line, arguments separated by spaces.
std::string command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string s((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  while (!s.empty() && s.back() == '\0') s.pop_back();
  for (char& c : s)
    if (c == '\0') c = ' ';
  return s;
}

// Removes an older profile of the same name, so that nothing of it is taken
// for this run's.
void clear_old_profile(const std::string& file) {
  unlink(file.c_str());
  const std::string dir = parts_dir(file);
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d))
      if (std::strstr(e->d_name, ".jsonl")) unlink((dir + "/" + e->d_name).c_str());
    closedir(d);
  }
  if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
    usage_error("bsp_begin", "%s=%s: cannot create the folder %s for the profile: %s", kVariable,
                file.c_str(), dir.c_str(), std::strerror(errno));
}

}  // namespace

std::unique_ptr<Recorder> Recorder::start_if_asked(Engine& engine) {
  const char* file = std::getenv(kVariable);
  if (!file || !*file) return nullptr;
  if (engine.pid() == 0) clear_old_profile(file);
  engine.barrier(0);
  std::unique_ptr<Recorder> r(new Recorder(engine, file, nullptr));
  if (!r->log_->open(part_file(file, engine.pid())))
    usage_error("bsp_begin", "%s=%s: cannot create %s: %s", kVariable, file,
                part_file(file, engine.pid()).c_str(), std::strerror(errno));
  r->write_header();
  return r;
}

std::unique_ptr<Recorder> Recorder::team(Engine& team_engine, int colour, std::uint64_t in) {
  std::unique_ptr<Recorder> r(new Recorder(team_engine, file_, log_));
  r->path_ = path_;
  r->path_.emplace_back(in, colour);
  r->write_team_line();
  return r;
}

Recorder::Recorder(Engine& engine, std::string file, MappedLog* log)
    : engine_(engine),
      file_(std::move(file)),
      log_(log ? log : &own_log_),
      counters_(static_cast<std::size_t>(engine.nprocs()) * kKinds) {
  begin_ns_ = now();
}

void Recorder::write_header() {
  char host[256] = "";
  gethostname(host, sizeof host - 1);
  char date[32] = "";
  std::time_t t = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  Json header = Json::object();
  header["process"] = engine_.pid();
  header["nprocs"] = engine_.nprocs();
  header["program"] = command_line();
  header["host"] = host;
  header["date"] = date;
  header["remote_reads"] = engine_.capabilities().remote_memory != nullptr;
  header["begin_ns"] = begin_ns_;
  // What the machine offered this run: its processors and, when the run began, the 1-minute
  // load average (mostly other programs' work), to two decimals.
  header["processors"] = available_processors();
  double load = 0;
  if (getloadavg(&load, 1) == 1 && load >= 0) header["load"] = std::round(load * 100) / 100;
  log_->append_line(header.dump(-1, ' ', false, Json::error_handler_t::replace));
}

// A team's first line (docs/bspprof.md): {"team": {"path": [[in, colour], ...], "pid", "nprocs"}}.
// The team's superstep lines follow, the last marked "end".
void Recorder::write_team_line() {
  Json path = Json::array();
  for (const auto& [in, colour] : path_) path.push_back(Json::array({in, colour}));
  Json team = Json::object();
  team["path"] = std::move(path);
  team["pid"] = engine_.pid();
  team["nprocs"] = engine_.nprocs();
  log_->append_line(Json{{"team", std::move(team)}}.dump());
}

// The superstep's line (docs/bspprof.md): {"s", "t", "site", "label" when
// given, "reg", "edges" ([partner, kind, bytes, count, small, apart]), "end" at bsp_end}. The value is
// kept from one superstep to the next and its members overwritten in place, so that once its
// strings and edge list have grown, making a line allocates nothing but the
// text nlohmann-json writes. Program text (a site's file name, a label) that is
// not UTF-8 is written with U+FFFD in place of the bytes that are not.
struct Recorder::StepLine {
  Json json;
  bool labelled = false;

  explicit StepLine(bool with_label) : json(Json::object()), labelled(with_label) {
    json["s"] = 0;
    json["t"] = Json::array({0, 0, 0, 0});
    json["site"] = "";
    if (with_label) json["label"] = "";
    json["reg"] = Json::array({0, 0});
    json["edges"] = Json::array();
  }
};

void Recorder::StepLineDeleter::operator()(StepLine* line) const { delete line; }

void Recorder::sync_left(std::uint64_t superstep, bool end) {
  std::int64_t leave_ns = now();
  if (!step_line_ || step_line_->labelled != !label_.empty())
    step_line_.reset(new StepLine(!label_.empty()));
  Json& step = step_line_->json;
  step["s"] = superstep;
  Json& t = step["t"];
  t[0] = begin_ns_;
  t[1] = enter_ns_;
  t[2] = arrive_ns_;
  t[3] = leave_ns;
  std::string& site = step["site"].get_ref<std::string&>();
  // A team's last superstep ends at bsp_team_end, the machine's at bsp_end.
  site.assign(site_file_ ? site_file_ : !end ? "" : path_.empty() ? "bsp_end" : "bsp_team_end");
  if (site_file_ && site_line_ > 0) site.append(":").append(std::to_string(site_line_));
  if (step_line_->labelled) step["label"].get_ref<std::string&>() = label_;
  step["reg"][0] = pushes_;
  step["reg"][1] = pops_;
  Json::array_t& edges = step["edges"].get_ref<Json::array_t&>();
  edges.resize(touched_.size());
  for (std::size_t i = 0; i < touched_.size(); ++i) {
    const std::uint32_t index = touched_[i];
    Counter& c = counters_[index];
    if (!edges[i].is_array()) edges[i] = Json::array({0, "", 0, 0, 0, 0});
    edges[i][0] = index / kKinds;
    edges[i][1].get_ref<std::string&>() = kKindNames[index % kKinds];
    edges[i][2] = c.bytes;
    edges[i][3] = c.count;
    edges[i][4] = c.small;
    edges[i][5] = c.apart;
    c = Counter{};
  }
  if (end) step["end"] = true;
  if (!log_->append_line(step.dump(-1, ' ', false, Json::error_handler_t::replace)))
    usage_error(end ? "bsp_end" : "bsp_sync", "%s=%s: cannot write this process's profile: %s",
                kVariable, file_.c_str(), std::strerror(errno));
  touched_.clear();
  pushes_ = pops_ = 0;
  site_file_ = nullptr;
  label_.clear();
  // The next superstep begins as this one ends, so that the supersteps of a
  // process tile its run; writing this line counts as its computation.
  begin_ns_ = leave_ns;
}

void Recorder::finish() {
  log_->append_line(Json{{"ended", true}}.dump());
  log_->close();
}

void Recorder::merge_parts() {
  std::string error = profile::merge_parts(file_);
  if (!error.empty())
    std::fprintf(stderr, "superstep: %s=%s: %s\n", kVariable, file_.c_str(), error.c_str());
}

}  // namespace superstep::profile
