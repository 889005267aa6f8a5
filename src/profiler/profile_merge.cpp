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
#include <sstream>
#include <vector>

#include "profiler/profile_files.hpp"

namespace superstep::profile {

namespace {

struct Part {
  std::string header;  // the part's first line, a JSON object
  std::vector<std::string> supersteps;
  bool ended = false;
};

// The whole lines of a part: a line counts once its newline is there (the
// writer stores it last), and the file ends at its first zero byte (the
// unused rest of a mapping when the process was killed).
Part read_part(const std::string& path) {
  Part part;
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  text.resize(std::strlen(text.c_str()));
  std::size_t at = 0;
  while (true) {
    std::size_t nl = text.find('\n', at);
    if (nl == std::string::npos) break;
    std::string line = text.substr(at, nl - at);
    at = nl + 1;
    if (line.empty()) continue;
    if (part.header.empty())
      part.header = line;
    else if (line.rfind("{\"s\":", 0) == 0)
      part.supersteps.push_back(std::move(line));
    else if (line == "{\"ended\":true}")
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

// "nprocs":P from a header line, or 0.
int header_nprocs(const std::string& header) {
  std::size_t at = header.find("\"nprocs\":");
  return at == std::string::npos ? 0 : std::atoi(header.c_str() + at + 9);
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
  const std::string& run =
      parts.count(0) && !parts[0].header.empty() ? parts[0].header : parts.begin()->second.header;
  std::ostringstream out;
  out << "{\"schema\":\"" << kSchema << "\",\"complete\":" << (complete ? "true" : "false")
      << ",\n\"run\":" << run << ",\n\"processes\":[";
  for (int q = 0; q < nprocs; ++q) {
    const Part& part = parts[q];
    out << (q ? ",\n" : "\n") << "{\"pid\":" << q
        << ",\"ended\":" << (part.ended ? "true" : "false") << ",\"supersteps\":[";
    for (std::size_t i = 0; i < part.supersteps.size(); ++i)
      out << (i ? ",\n" : "\n") << part.supersteps[i];
    out << "]}";
  }
  out << "]}\n";
  return out.str();
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
