#include "core/check/portability_check.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <tuple>

#include "util/errors.hpp"
#include "util/run_notes.hpp"

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

std::string site_text(WriteSite site) {
  if (site.file.empty()) return "";
  return std::string(site.file) + ":" + std::to_string(site.line);
}

void PortabilityCheck::registered(const void* ident, std::uint64_t size, CallSite site) {
  if (!ident || !(choices_.reports() || choices_.hp == CheckChoices::HpRead::kEarly)) return;
  Area area;
  area.begin = reinterpret_cast<std::uintptr_t>(ident);
  area.size = size;
  area.site = site;
  areas_.push_back(std::move(area));
}

void PortabilityCheck::unregistered(const void* ident) {
  const auto address = reinterpret_cast<std::uintptr_t>(ident);
  for (auto it = areas_.rbegin(); it != areas_.rend(); ++it)
    if (it->begin == address && !it->popped) {
      it->popped = true;  // its last superstep's writes may still land in it
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
  if (choices_.hpsource)
    for (Area& area : areas_) mark_changed(area);
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
    note_run("finding\n");
  }
  hp_.clear();
}

void PortabilityCheck::hpget_called(int owner, void* dst, std::uint64_t nbytes, CallSite site) {
  hp_transfer("bsp_hpget", owner, dst, nbytes, site);
  if (!choices_.overlap) return;
  const auto begin = reinterpret_cast<std::uintptr_t>(dst);
  hpgets_.push_back({begin, begin + nbytes, site});
}

WriteSite PortabilityCheck::hpget_site(std::uint64_t address, std::uint64_t nbytes) {
  // A get through a shared area may land in pieces, one after the other.
  while (hpget_cursor_ < hpgets_.size()) {
    const HpgetSite& get = hpgets_[hpget_cursor_];
    if (address >= get.begin && address + nbytes <= get.end)
      return get.site.file ? WriteSite{get.site.file, get.site.line} : WriteSite{};
    ++hpget_cursor_;
  }
  return {};
}

void PortabilityCheck::get_lands(std::uint64_t address, std::uint64_t nbytes) {
  write_lands({-1, hpget_site(address, nbytes)}, address, nbytes);
}

void PortabilityCheck::put_lands(int src, std::uint64_t address, std::uint64_t nbytes,
                                 WriteSite site) {
  write_lands({src, site}, address, nbytes);
}

long PortabilityCheck::area_holding(std::uint64_t address, std::uint64_t nbytes) {
  auto holds = [&](const Area& a) {
    return address >= a.begin && address - a.begin <= a.size &&
           nbytes <= a.size - (address - a.begin);
  };
  if (last_area_ >= 0 && holds(areas_[static_cast<std::size_t>(last_area_)])) return last_area_;
  for (std::size_t k = areas_.size(); k-- > 0;)
    if (holds(areas_[k])) return last_area_ = static_cast<long>(k);
  return -1;
}

// Inside a registered area each byte remembers its writer and the byte it
// wrote, so that a write costs a pass over its bytes; elsewhere writes are kept
// (with their bytes) and compared at the end. The bytes a write wrote are in
// memory when it is noted: the hpgets' after they all landed, each source's
// puts after its stream was applied.
void PortabilityCheck::write_lands(Writer by, std::uint64_t address, std::uint64_t nbytes) {
  const auto* now = reinterpret_cast<const unsigned char*>(address);
  const long k = area_holding(address, nbytes);
  if (k < 0) {
    writes_.push_back({address, address + nbytes, by, writes_.size(),
                       std::string(reinterpret_cast<const char*>(now), nbytes)});
    return;
  }
  Area& area = areas_[static_cast<std::size_t>(k)];
  if (area.writer.empty()) {
    area.writer.assign(area.size, 0);
    area.value.assign(area.size, 0);
  }
  const std::uint64_t lo = address - area.begin, hi = lo + nbytes;
  if (area.touched_lo == UINT64_MAX) touched_.push_back(static_cast<std::size_t>(k));
  area.touched_lo = std::min(area.touched_lo, lo);
  area.touched_hi = std::max(area.touched_hi, hi);
  writers_.push_back(by);
  const auto mark = static_cast<std::uint32_t>(writers_.size());
  std::uint32_t* writer = area.writer.data();
  unsigned char* value = area.value.data();
  for (std::uint64_t b = lo; b < hi; ++b) {
    const std::uint32_t before = writer[b];
    const unsigned char was = value[b], is = now[b - lo];
    writer[b] = mark;
    value[b] = is;
    if (before == 0) [[likely]]
      continue;
    const Writer& earlier = writers_[before - 1];
    // Two of this process's own hpgets into the same bytes collide with no other process.
    if (earlier.src >= 0 || by.src >= 0)
      note_collision(static_cast<std::size_t>(k), earlier, by, b, was != is);
  }
}

void PortabilityCheck::note_collision(std::size_t area, const Writer& first, const Writer& second,
                                      std::uint64_t offset, bool differs) {
  for (Collision& c : collisions_)
    if (c.area == area && c.first == first && c.second == second) {
      c.lo = std::min(c.lo, offset);
      c.hi = std::max(c.hi, offset + 1);
      c.differs = c.differs || differs;
      return;
    }
  collisions_.push_back({area, first, second, offset, offset + 1, differs});
}

void PortabilityCheck::forget_writers() {
  for (std::size_t k : touched_) {
    Area& a = areas_[k];
    std::fill(a.writer.begin() + static_cast<long>(a.touched_lo),
              a.writer.begin() + static_cast<long>(a.touched_hi), 0);
    a.touched_lo = UINT64_MAX;
    a.touched_hi = 0;
  }
  touched_.clear();
  writers_.clear();
  collisions_.clear();
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
                where.empty()
                    ? format("%#llx", static_cast<unsigned long long>(area->begin)).c_str()
                    : where.c_str());
}

namespace {
// "process 1" (at a put whose site is not known), "process 1 (prog.c:12)".
std::string process_text(int src, const std::string& sites) {
  return sites.empty() ? format("process %d", src) : format("process %d (%s)", src, sites.c_str());
}
}  // namespace

std::string PortabilityCheck::describe_writer(const Writer& by) const {
  if (by.src < 0) {
    const std::string at = site_text(by.site);
    return at.empty() ? format("process %d's bsp_hpget", pid_)
                      : format("process %d's bsp_hpget (%s)", pid_, at.c_str());
  }
  return process_text(by.src, site_text(by.site));
}

// "process 1 (prog.c:12, then prog.c:13)": one process's two writes in landing order.
std::string PortabilityCheck::describe_writes_of_one(const Writer& a, const Writer& b) const {
  if (a.src < 0) return describe_writer(a);
  std::string first = site_text(a.site), second = site_text(b.site);
  if (first.empty() || second.empty()) return process_text(a.src, first + second);
  return process_text(a.src, first + ", then " + second);
}

void PortabilityCheck::report_overlap(const Write& a, const Write& b, std::uint64_t superstep) {
  const std::uint64_t begin = std::max(a.begin, b.begin), end = std::min(a.end, b.end);
  std::string line;
  const unsigned long long step = superstep;
  const Writer& low = a.by.src <= b.by.src ? a.by : b.by;
  const Writer& high = a.by.src <= b.by.src ? b.by : a.by;
  if (a.by.src == b.by.src)
    line = format(
        "bspcheck: overlapping writes from one process in superstep %llu on process %d: %s "
        "writes %s twice; portable only where writes land in program order",
        step, pid_, describe_writes_of_one(a.by, b.by).c_str(), describe_bytes(begin, end).c_str());
  else
    line = format("bspcheck: overlapping puts in superstep %llu on process %d: %s and %s write %s",
                  step, pid_, describe_writer(low).c_str(), describe_writer(high).c_str(),
                  describe_bytes(begin, end).c_str());
  line += "; " + sync_text() + " ends the superstep";
  // One line for each pair of writers (and their sites) and area a superstep.
  std::string key = format("%d %s %d %s %p", a.by.src, site_text(a.by.site).c_str(), b.by.src,
                           site_text(b.by.site).c_str(), static_cast<const void*>(area_of(begin)));
  if (std::find(reported_.begin(), reported_.end(), key) != reported_.end()) return;
  reported_.push_back(key);
  std::fprintf(stderr, "%s\n", line.c_str());
  note_run("finding\n");
}

bool PortabilityCheck::same_bytes(const Write& a, const Write& b) {
  const std::uint64_t begin = std::max(a.begin, b.begin), end = std::min(a.end, b.end);
  return end > begin && a.bytes.compare(begin - a.begin, end - begin, b.bytes, begin - b.begin,
                                        end - begin) == 0;
}

void PortabilityCheck::end_writes(std::uint64_t superstep) {
  reported_.clear();
  for (const Collision& c : collisions_) {
    // Writes of different processes that put the same bytes there: whichever
    // lands last, the memory holds the same (one process's own writes are
    // noted after all of them landed, so their bytes cannot be told apart).
    if (!c.differs && c.first.src != c.second.src) continue;
    const std::uint64_t base = areas_[c.area].begin;
    report_overlap({base + c.lo, base + c.hi, c.first, 0, {}},
                   {base + c.lo, base + c.hi, c.second, 1, {}}, superstep);
  }
  forget_writers();
  std::sort(writes_.begin(), writes_.end(), [](const Write& x, const Write& y) {
    return std::tie(x.begin, x.order) < std::tie(y.begin, y.order);
  });
  for (std::size_t i = 0; i < writes_.size(); ++i)
    for (std::size_t j = i + 1; j < writes_.size() && writes_[j].begin < writes_[i].end; ++j) {
      const Write& a = writes_[i].order < writes_[j].order ? writes_[i] : writes_[j];
      const Write& b = writes_[i].order < writes_[j].order ? writes_[j] : writes_[i];
      if (a.by.src < 0 && b.by.src < 0) continue;  // this process's own hpgets: issue order
      if (a.by.src != b.by.src && same_bytes(a, b)) continue;  // either order leaves the same
      report_overlap(a, b, superstep);
    }
  writes_.clear();
}

}  // namespace superstep
