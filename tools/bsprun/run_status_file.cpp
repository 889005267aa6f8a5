#include "run_status_file.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <system_error>
#include <tuple>

namespace bsprun {
namespace {

using superstep::RunState;

// "0", "0 and 2", "0, 2 and 3", "0-5 and 7": runs of three or more as ranges.
std::string list_pids(const std::vector<int>& pids) {
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < pids.size();) {
    std::size_t j = i;
    while (j + 1 < pids.size() && pids[j + 1] == pids[j] + 1) ++j;
    if (j - i >= 2) {
      parts.push_back(std::to_string(pids[i]) + "-" + std::to_string(pids[j]));
    } else {
      for (std::size_t k = i; k <= j; ++k) parts.push_back(std::to_string(pids[k]));
    }
    i = j + 1;
  }
  std::string text;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) text += i + 1 == parts.size() ? " and " : ", ";
    text += parts[i];
  }
  return text;
}

std::string describe_group(RunState state, std::uint64_t step, const std::vector<int>& pids) {
  bool one = pids.size() == 1;
  std::string who = (one ? "process " : "processes ") + list_pids(pids);
  std::string superstep = std::to_string(step);
  switch (state) {
    case RunState::kComputing:
      return who + (one ? " is" : " are") + " computing in superstep " + superstep;
    case RunState::kInSync:
      return who + (one ? " waits" : " wait") + " in bsp_sync of superstep " + superstep;
    case RunState::kInEnd:
      return who + (one ? " waits" : " wait") + " in bsp_end (superstep " + superstep + ")";
    case RunState::kEnded:
      return who + (one ? " has" : " have") + " passed bsp_end";
    case RunState::kNotStarted:
      break;
  }
  return who + (one ? " has" : " have") + " not started";
}

}  // namespace

std::string describe_processes(const std::vector<ProcessSnapshot>& processes) {
  // Computing processes first: they are the ones the others wait for.
  std::map<std::tuple<int, std::uint64_t>, std::vector<int>> groups;
  for (std::size_t pid = 0; pid < processes.size(); ++pid) {
    const ProcessSnapshot& p = processes[pid];
    int order = p.state == RunState::kComputing ? 0 : static_cast<int>(p.state) + 1;
    groups[{order, p.superstep}].push_back(static_cast<int>(pid));
  }
  std::string text;
  for (const auto& [key, pids] : groups) {
    if (!text.empty()) text += ", ";
    text +=
        describe_group(processes[static_cast<std::size_t>(pids[0])].state, std::get<1>(key), pids);
  }
  return text;
}

RunStatusFile::RunStatusFile() {
  fd_ = ::memfd_create("bsprun-status", MFD_CLOEXEC);
  if (fd_ < 0) throw std::system_error(errno, std::generic_category(), "memfd_create");
  superstep::RunStatusHeader header{};
  std::memcpy(header.magic, superstep::kRunStatusMagic, sizeof header.magic);
  if (::pwrite(fd_, &header, sizeof header, 0) != static_cast<ssize_t>(sizeof header)) {
    int error = errno;
    ::close(fd_);
    throw std::system_error(error, std::generic_category(), "write");
  }
}

RunStatusFile::~RunStatusFile() { ::close(fd_); }

std::string RunStatusFile::describe() const {
  // Read, not mapped: a later bsp_begin may shrink the file under a mapping.
  superstep::RunStatusHeader header;
  if (::pread(fd_, &header, sizeof header, 0) != static_cast<ssize_t>(sizeof header)) return "";
  std::uint32_t nprocs = header.nprocs.load(std::memory_order_relaxed);
  if (nprocs == 0) return "";
  std::vector<superstep::ProcessStatus> slots(nprocs);
  std::size_t bytes = sizeof(superstep::ProcessStatus) * nprocs;
  if (::pread(fd_, slots.data(), bytes, sizeof header) != static_cast<ssize_t>(bytes)) return "";
  std::vector<ProcessSnapshot> processes;
  for (const auto& slot : slots) {
    auto state = slot.state.load(std::memory_order_relaxed);
    if (state > static_cast<std::uint32_t>(RunState::kEnded)) return "";
    processes.push_back({static_cast<RunState>(state), slot.superstep.load()});
  }
  return describe_processes(processes);
}

}  // namespace bsprun
