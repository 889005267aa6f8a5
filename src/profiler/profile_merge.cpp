#include "profiler/profile_merge.hpp"

#include <dirent.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string_view>
#include <vector>

#include "profiler/profile_files.hpp"
#include "util/json_text.hpp"

namespace superstep::profile {

namespace {

struct Part {
  Json header;  // the part's first line
  Json supersteps = Json::array();
  Json teams = Json::array();  // {"path", "pid", "nprocs", "supersteps"} per team entered
  std::vector<std::size_t> open_teams;  // indices in teams, innermost last
  bool ended = false;

  // A superstep line: the innermost open team's (its "end" line closes it), else the machine's.
  void add_superstep(Json&& step) {
    if (open_teams.empty()) {
      supersteps.push_back(std::move(step));
      return;
    }
    const bool team_ends = step.value("end", false);
    teams[open_teams.back()]["supersteps"].push_back(std::move(step));
    if (team_ends) open_teams.pop_back();
  }
  // A team's line: the superstep lines after it are the team's.
  void open_team(Json&& team) {
    if (!team.is_object()) return;
    team["supersteps"] = Json::array();
    open_teams.push_back(teams.size());
    teams.push_back(std::move(team));
  }
};

// The whole lines of a part: a line counts once its newline is there (the
// writer stores it last), and the file ends at its first zero byte (the
// unused rest of a mapping when the process was killed). A line that is not
// a JSON object (a damaged file) is left out.
Part read_part(const std::string& path) {
  Part part;
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  text.resize(std::strlen(text.c_str()));
  std::size_t at = 0;
  while (true) {
    std::size_t nl = text.find('\n', at);
    if (nl == std::string::npos) break;
    std::string_view line(text.data() + at, nl - at);
    at = nl + 1;
    Json value = Json::parse(line.begin(), line.end(), nullptr, false);
    if (!value.is_object()) continue;
    if (part.header.is_null())
      part.header = std::move(value);
    else if (value.contains("s"))
      part.add_superstep(std::move(value));
    else if (value.contains("team"))
      part.open_team(std::move(value["team"]));
    else if (value.value("ended", false))
      part.ended = true;
  }
  return part;
}

// The process number a part file is named after, or -1.
int part_pid(const char* name) {
  char* end = nullptr;
  long pid = std::strtol(name, &end, 10);
  if (end == name || std::strcmp(end, ".jsonl") != 0 || pid < 0) return -1;
  return static_cast<int>(pid);
}

// "nprocs" of a header line, or 0.
int header_nprocs(const Json& header) {
  const Json nprocs = header.is_object() ? header.value("nprocs", Json()) : Json();
  return nprocs.is_number_integer() ? nprocs.get<int>() : 0;
}

}  // namespace

std::string merged_text(const std::string& file, std::string& error) {
  const std::string dir = parts_dir(file);
  std::map<int, Part> parts;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      int pid = part_pid(e->d_name);
      if (pid >= 0) parts[pid] = read_part(dir + "/" + e->d_name);
    }
    closedir(d);
  }
  int nprocs = 0;
  for (const auto& [pid, part] : parts) nprocs = std::max(nprocs, header_nprocs(part.header));
  if (parts.empty() || nprocs == 0) {
    error = "no profile parts in " + dir;
    return {};
  }
  bool complete = true;
  for (int q = 0; q < nprocs; ++q) complete &= parts.count(q) && parts[q].ended;
  bool teams = false;
  for (const auto& [pid, part] : parts) teams |= !part.teams.empty();
  Json profile = Json::object();
  profile["schema"] = teams ? kTeamsSchema : kSchema;
  profile["complete"] = complete;
  profile["run"] =
      parts.count(0) && !parts[0].header.is_null() ? parts[0].header : parts.begin()->second.header;
  Json& processes = profile["processes"] = Json::array();
  for (int q = 0; q < nprocs; ++q) {
    Part& part = parts[q];
    Json process = Json::object();
    process["pid"] = q;
    process["ended"] = part.ended;
    process["supersteps"] = std::move(part.supersteps);
    if (!part.teams.empty()) process["teams"] = std::move(part.teams);
    processes.push_back(std::move(process));
  }
  return profile.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string merge_parts(const std::string& file) {
  std::string error;
  std::string text = merged_text(file, error);
  if (text.empty()) return error;
  const std::string tmp = file + ".tmp";
  if (FILE* f = std::fopen(tmp.c_str(), "wb")) {
    bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    ok &= std::fclose(f) == 0;
    if (!ok || std::rename(tmp.c_str(), file.c_str()) != 0) {
      std::remove(tmp.c_str());
      return "cannot write " + file + ": " + std::strerror(errno);
    }
  } else {
    return "cannot write " + tmp + ": " + std::strerror(errno);
  }
  const std::string dir = parts_dir(file);
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d))
      if (part_pid(e->d_name) >= 0) unlink((dir + "/" + e->d_name).c_str());
    closedir(d);
  }
  rmdir(dir.c_str());
  return {};
}

}  // namespace superstep::profile
