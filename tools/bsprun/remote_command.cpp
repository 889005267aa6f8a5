#include "remote_command.hpp"

#include <unistd.h>

#include <cstring>
#include <sstream>

#include "rank_list.hpp"
#include "udp_host.hpp"

extern char** environ;

namespace bsprun {
namespace {

std::string this_program() {
  char path[4096];
  ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  return n > 0 ? std::string(path, static_cast<std::size_t>(n)) : "bsprun";
}

std::string working_directory() {
  char cwd[4096];
  return getcwd(cwd, sizeof cwd) ? cwd : ".";
}

}  // namespace

std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::vector<std::string> remote_shell_words(const std::string& rsh) {
  std::istringstream in(rsh);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

std::vector<std::string> remote_command(const std::vector<std::string>& remote_shell,
                                        const std::string& host, const std::vector<int>& ranks,
                                        char** program) {
  std::string line = "cd " + shell_quote(working_directory()) + " && exec env";
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, "BSP_", 4) == 0) line += " " + shell_quote(*e);
  line +=
      " " + shell_quote(this_program()) + " " + kUdpHostOption + " " + format_ranks(ranks) + " --";
  for (char** arg = program; *arg; ++arg) line += " " + shell_quote(*arg);
  std::vector<std::string> command = remote_shell;
  command.push_back(host);
  command.push_back(line);
  return command;
}

}  // namespace bsprun
