#include "core/check/portability_check.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <tuple>

#include "util/errors.hpp"

namespace superstep {

std::uint64_t checksum(const void* memory, std::uint64_t nbytes) {
  const auto* bytes = static_cast<const unsigned char*>(memory);
  std::uint64_t sum = 0x9e3779b97f4a7c15ull ^ nbytes;
  std::uint64_t i = 0;
  for (; i + 8 <= nbytes; i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes + i, 8);
    sum = (sum ^ word) * 0x100000001b3ull;
    sum ^= sum >> 29;
  }
  for (; i < nbytes; ++i) sum = (sum ^ bytes[i]) * 0x100000001b3ull;
  return sum;
}

std::string site_text(CallSite site) {
  if (!site.file) return "";
  return std::string(site.file) + ":" + std::to_string(site.line);
}

void PortabilityCheck::registered(const void* ident, std::uint64_t size, CallSite site) {
  if (ident) areas_.push_back({reinterpret_cast<std::uintptr_t>(ident), size, site});
}

void PortabilityCheck::unregistered(const void* ident) {
  const auto address = reinterpret_cast<std::uintptr_t>(ident);
  for (auto it = areas_.rbegin(); it != areas_.rend(); ++it)
    if (it->begin == address) {
      areas_.erase(std::next(it).base());
      return;
    }
}

void PortabilityCheck::hp_transfer(const char* primitive, int pid, const void* memory,
                                   std::uint64_t nbytes, CallSite site) {
  if (!choices_.hpsource) return;
  hp_.push_back({primitive, pid, memory, nbytes, checksum(memory, nbytes), site});
}

std::string PortabilityCheck::sync_text() const {
  std::string at = site_text(sync_site_);
  return at.empty() ? "the sync" : "the sync at " + at;
}

void PortabilityCheck::sync_entered(std::uint64_t superstep) {
  for (const HpTransfer& t : hp_) {
    if (checksum(t.memory, t.nbytes) == t.sum) continue;
    const bool put = std::strcmp(t.primitive, "bsp_hpget") != 0;
    std::string call = t.primitive;
    if (t.site.file) call += " at " + site_text(t.site);
    std::fprintf(stderr,
                 "bspcheck: %s changed before the sync in superstep %llu on process %d: %s "
                 "(%s process %d, %llu bytes) and %s; %s\n",
                 put ? "hpput source" : "hpget destination",
                 static_cast<unsigned long long>(superstep), pid_, call.c_str(),
                 put ? "to" : "from", t.pid, static_cast<unsigned long long>(t.nbytes),
                 sync_text().c_str(),
                 put ? "the bytes sent depend on when the transfer reads them"
                     : "the transfer may land before or after the program's own write");
  }
  hp_.clear();
}

void PortabilityCheck::get_lands(std::uint64_t address, std::uint64_t nbytes) {
  writes_.push_back({address, address + nbytes, -1, writes_.size()});
}

void PortabilityCheck::put_lands(int src, std::uint64_t address, std::uint64_t nbytes) {
  writes_.push_back({address, address + nbytes, src, writes_.size()});
}

const PortabilityCheck::Area* PortabilityCheck::area_of(std::uint64_t address) const {
  for (auto it = areas_.rbegin(); it != areas_.rend(); ++it)
    if (address >= it->begin && address - it->begin < std::max<std::uint64_t>(it->size, 1))
      return &*it;
  return nullptr;
}

std::string PortabilityCheck::describe_bytes(std::uint64_t begin, std::uint64_t end) const {
  const Area* area = area_of(begin);
  if (!area)
    return format("bytes %#llx..%#llx (in no registered area)",
                  static_cast<unsigned long long>(begin), static_cast<unsigned long long>(end - 1));
  std::string where = site_text(area->site);
  return format("bytes %llu..%llu of the area registered at %s",
                static_cast<unsigned long long>(begin - area->begin),
                static_cast<unsigned long long>(end - 1 - area->begin),
                where.empty() ? format("%#llx", static_cast<unsigned long long>(area->begin)).c_str()
                              : where.c_str());
}

std::string PortabilityCheck::describe_writer(int src) const {
  if (src < 0) return format("process %d's bsp_hpget", pid_);
  return format("process %d", src);
}

void PortabilityCheck::report_overlap(const Write& a, const Write& b, std::uint64_t superstep) {
  const std::uint64_t begin = std::max(a.begin, b.begin), end = std::min(a.end, b.end);
  std::string line;
  const unsigned long long step = superstep;
  if (a.src == b.src)
    line = format(
        "bspcheck: overlapping writes from one process in superstep %llu on process %d: %s "
        "writes %s twice; portable only where writes land in program order",
        step, pid_, describe_writer(a.src).c_str(), describe_bytes(begin, end).c_str());
  else
    line = format("bspcheck: overlapping puts in superstep %llu on process %d: %s and %s write %s",
                  step, pid_, describe_writer(std::min(a.src, b.src)).c_str(),
                  describe_writer(std::max(a.src, b.src)).c_str(),
                  describe_bytes(begin, end).c_str());
  line += "; " + sync_text() + " ends the superstep";
  // One line for each pair of writers and area a superstep.
  std::string key = format("%d %d %p", a.src, b.src, static_cast<const void*>(area_of(begin)));
  if (std::find(reported_.begin(), reported_.end(), key) != reported_.end()) return;
  reported_.push_back(key);
  std::fprintf(stderr, "%s\n", line.c_str());
}

void PortabilityCheck::end_writes(std::uint64_t superstep) {
  reported_.clear();
  std::sort(writes_.begin(), writes_.end(), [](const Write& x, const Write& y) {
    return std::tie(x.begin, x.order) < std::tie(y.begin, y.order);
  });
  for (std::size_t i = 0; i < writes_.size(); ++i)
    for (std::size_t j = i + 1; j < writes_.size() && writes_[j].begin < writes_[i].end; ++j) {
      const Write& a = writes_[i].order < writes_[j].order ? writes_[i] : writes_[j];
      const Write& b = writes_[i].order < writes_[j].order ? writes_[j] : writes_[i];
      if (a.src < 0 && b.src < 0) continue;  // this process's own hpgets: issue order
      report_overlap(a, b, superstep);
    }
  writes_.clear();
}

}  // namespace superstep
