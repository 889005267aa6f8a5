#include "profiler/profile_recorder.hpp"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>

#include "util/errors.hpp"
#include "util/processors.hpp"
#include "profiler/profile_files.hpp"
#include "profiler/profile_merge.hpp"

namespace superstep::profile {

namespace {

const char* const kKindNames[kKinds] = {"put", "hpput", "get", "hpget", "send"};

void append_int(std::string& out, std::int64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

void append_string(std::string& out, const char* s) {
  out += '"';
  for (; *s; ++s) {
    unsigned char c = static_cast<unsigned char>(*s);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\u%04x", c);
      out += esc;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
}

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
  std::unique_ptr<Recorder> r(new Recorder(engine, file));
  if (!r->log_.open(part_file(file, engine.pid())))
    usage_error("bsp_begin", "%s=%s: cannot create %s: %s", kVariable, file,
                part_file(file, engine.pid()).c_str(), std::strerror(errno));
  r->write_header();
  return r;
}

Recorder::Recorder(Engine& engine, std::string file)
    : engine_(engine),
      file_(std::move(file)),
      counters_(static_cast<std::size_t>(engine.nprocs()) * kKinds) {
  begin_ns_ = now();
}

void Recorder::write_header() {
  char host[256] = "";
  gethostname(host, sizeof host - 1);
  char date[32] = "";
  std::time_t t = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  line_ = "{\"process\":";
  append_int(line_, engine_.pid());
  line_ += ",\"nprocs\":";
  append_int(line_, engine_.nprocs());
  line_ += ",\"program\":";
  append_string(line_, command_line().c_str());
  line_ += ",\"host\":";
  append_string(line_, host);
  line_ += ",\"date\":";
  append_string(line_, date);
  line_ += ",\"remote_reads\":";
  line_ += engine_.capabilities().remote_memory ? "true" : "false";
  line_ += ",\"begin_ns\":";
  append_int(line_, begin_ns_);
  // What the machine offered this run: its processors and, when the run
  // began, the 1-minute load average (mostly other programs' work).
  line_ += ",\"processors\":";
  append_int(line_, available_processors());
  double load = 0;
  if (getloadavg(&load, 1) == 1 && load >= 0) {  // written by hand: no locale's decimal comma
    const auto hundredths = static_cast<std::int64_t>(load * 100 + 0.5);
    line_ += ",\"load\":";
    append_int(line_, hundredths / 100);
    line_ += hundredths % 100 < 10 ? ".0" : ".";
    append_int(line_, hundredths % 100);
  }
  line_ += '}';
  log_.append_line(line_);
}

void Recorder::sync_left(std::uint64_t superstep, bool end) {
  std::int64_t leave_ns = now();
  line_ = "{\"s\":";
  append_int(line_, static_cast<std::int64_t>(superstep));
  line_ += ",\"t\":[";
  for (std::int64_t t : {begin_ns_, enter_ns_, arrive_ns_, leave_ns}) {
    append_int(line_, t);
    line_ += ',';
  }
  line_.back() = ']';
  line_ += ",\"site\":";
  if (site_file_) {
    std::string site = site_file_;
    site += ':';
    append_int(site, site_line_);
    append_string(line_, site.c_str());
  } else {
    append_string(line_, end ? "bsp_end" : "");
  }
  if (!label_.empty()) {
    line_ += ",\"label\":";
    append_string(line_, label_.c_str());
  }
  line_ += ",\"reg\":[";
  append_int(line_, pushes_);
  line_ += ',';
  append_int(line_, pops_);
  line_ += "],\"edges\":[";
  for (std::uint32_t index : touched_) {
    Counter& c = counters_[index];
    line_ += '[';
    append_int(line_, index / kKinds);
    line_ += ",\"";
    line_ += kKindNames[index % kKinds];
    line_ += "\",";
    append_int(line_, static_cast<std::int64_t>(c.bytes));
    line_ += ',';
    append_int(line_, static_cast<std::int64_t>(c.count));
    line_ += "],";
    c = Counter{};
  }
  if (!touched_.empty()) line_.pop_back();
  line_ += ']';
  if (end) line_ += ",\"end\":true";
  line_ += '}';
  if (!log_.append_line(line_))
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
  log_.append_line("{\"ended\":true}");
  log_.close();
}

void Recorder::merge_parts() {
  std::string error = profile::merge_parts(file_);
  if (!error.empty())
    std::fprintf(stderr, "superstep: %s=%s: %s\n", kVariable, file_.c_str(), error.c_str());
}

}  // namespace superstep::profile
