#include "hostfile.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>

#include "whole_number.hpp"

namespace bsprun {
Hostfile parse_hostfile(const std::string& text, const std::string& path) {
  Hostfile file;
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::vector<std::string> word;
    for (std::string w; words >> w;) word.push_back(w);
    if (word.empty()) continue;
    auto bad = [&](const std::string& why) {
      file.hosts.clear();
      file.error = "bsprun: hostfile " + path + ", line " + std::to_string(number) + ": " + why;
      return file;
    };
    HostLine host{word[0], 1, number};
    if (word.size() > 2 || (word.size() == 2 && word[1].rfind("slots=", 0) != 0))
      return bad("expected 'host' or 'host slots=N', not '" + line + "'");
    if (word.size() == 2) {
      std::optional<int> slots = parse_whole_number(word[1].substr(6), 6);
      if (!slots)
        return bad("slots must be a whole number from 1 to 999999, not '" + word[1].substr(6) +
                   "'");
      host.slots = *slots;
    }
    file.hosts.push_back(host);
  }
  if (file.hosts.empty()) file.error = "bsprun: hostfile " + path + " names no host";
  return file;
}

Hostfile read_hostfile(const std::string& path) {
  std::string text;
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  ssize_t n = fd < 0 ? -1 : 0;
  char buffer[4096];
  while (fd >= 0 && ((n = ::read(fd, buffer, sizeof buffer)) > 0 || (n < 0 && errno == EINTR)))
    if (n > 0) text.append(buffer, static_cast<std::size_t>(n));
  int error = errno;
  if (fd >= 0) ::close(fd);
  if (n < 0) {
    Hostfile file;
    file.error = "bsprun: cannot read the hostfile " + path + ": " + std::strerror(error);
    return file;
  }
  return parse_hostfile(text, path);
}

}  // namespace bsprun
