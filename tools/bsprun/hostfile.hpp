// bsprun --hostfile FILE: the hosts a udp job runs on, written as MPI
// hostfiles are: one host a line, `host` or `host slots=N`, `#` starts a
// comment, blank lines are skipped. A host without slots counts one.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace bsprun {

struct HostLine {
  std::string name;
  int slots = 1;
  int line = 0;  // where in the file, for messages
};

struct Hostfile {
  std::vector<HostLine> hosts;  // in the file's order
  std::string error;            // set when the file cannot be used: "bsprun: ..."
};

// Reads and checks `path`; on failure `error` says why (which line, when a
// line is wrong).
Hostfile read_hostfile(const std::string& path);

// The same for text already read (`path` only names it in messages).
Hostfile parse_hostfile(const std::string& text, const std::string& path);

}  // namespace bsprun
