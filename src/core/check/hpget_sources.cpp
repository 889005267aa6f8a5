// Check mode's hpget sources (BSP_CHECK=hpsource): the owner of a bsp_hpget's
// source may not change it during the superstep, since the transfer may read
// it at any time up to the sync (Hill et al., "BSPlib: The BSP Programming
// Library", 1998, §3.2). Each process keeps a copy of its registered areas as
// the superstep starts, marks the bytes that differ when it enters the sync,
// and answers each hpget of its memory (a kGetSite record from the requester,
// however the get is served) with a finding where a requested byte is marked.
#include <algorithm>
#include <cstdio>
#include <cstring>

#include "core/check/portability_check.hpp"
#include "util/errors.hpp"
#include "util/run_notes.hpp"

namespace superstep {

void PortabilityCheck::superstep_started() {
  std::erase_if(areas_, [](const Area& a) { return a.popped; });
  last_area_ = -1;
  hpgets_.clear();
  hpget_cursor_ = 0;
  hpget_reported_.clear();
  if (!choices_.hpsource && choices_.hp != CheckChoices::HpRead::kEarly) return;
  for (Area& area : areas_) {
    area.changed.clear();
    area.start.resize(area.size);
    if (area.size)
      std::memcpy(area.start.data(), reinterpret_cast<const void*>(area.begin), area.size);
  }
}

namespace {
// One bit for each byte of the 8 at `now` that differs from the 8 at `was`
// (byte k: bit k).
std::uint64_t changed_bytes(const unsigned char* now, const unsigned char* was) {
  std::uint64_t a, b;
  std::memcpy(&a, now, 8);
  std::memcpy(&b, was, 8);
  std::uint64_t t = a ^ b;
  t |= t >> 4;
  t |= t >> 2;
  t |= t >> 1;
  t &= 0x0101010101010101ull;  // bit 0 of each byte: whether it differs
  return (t * 0x0102040810204080ull) >> 56;
}
}  // namespace

// Block by block, so that an area whose bytes are mostly unchanged costs a
// memcmp; a block that differs is compared 8 bytes at a time.
void PortabilityCheck::mark_changed(Area& area) {
  area.changed.clear();
  if (area.popped || area.start.size() != area.size || area.size == 0) return;
  constexpr std::uint64_t kBlock = 4096;
  const auto* now = reinterpret_cast<const unsigned char*>(area.begin);
  const unsigned char* was = area.start.data();
  for (std::uint64_t at = 0; at < area.size; at += kBlock) {
    const std::uint64_t n = std::min(kBlock, area.size - at);
    if (std::memcmp(now + at, was + at, n) == 0) continue;
    if (area.changed.empty()) area.changed.assign((area.size + 63) / 64, 0);
    std::uint64_t b = at;
    for (; b + 8 <= at + n; b += 8)  // b is a multiple of 8: its 8 bits share one word
      area.changed[b / 64] |= changed_bytes(now + b, was + b) << (b % 64);
    for (; b < at + n; ++b)
      if (now[b] != was[b]) area.changed[b / 64] |= std::uint64_t{1} << (b % 64);
  }
}

const PortabilityCheck::Area* PortabilityCheck::copied_area_holding(std::uint64_t address,
                                                                    std::uint64_t nbytes) const {
  for (auto it = areas_.rbegin(); it != areas_.rend(); ++it)
    if (it->start.size() == it->size && address >= it->begin && address - it->begin <= it->size &&
        nbytes <= it->size - (address - it->begin))
      return &*it;
  return nullptr;
}

namespace {
// The first marked byte of lo..hi-1 in a bit-a-byte map, or hi when none is.
std::uint64_t first_marked(const std::vector<std::uint64_t>& bits, std::uint64_t lo,
                           std::uint64_t hi) {
  for (std::uint64_t b = lo; b < hi;) {
    const std::uint64_t word = bits[b / 64] >> (b % 64);
    if (word == 0) {
      b = (b / 64 + 1) * 64;
      continue;
    }
    b += static_cast<std::uint64_t>(__builtin_ctzll(word));
    return std::min(b, hi);
  }
  return hi;
}
}  // namespace

void PortabilityCheck::hpget_served(int requester, std::uint64_t address, std::uint64_t nbytes,
                                    WriteSite site, std::uint64_t superstep) {
  if (!choices_.hpsource || nbytes == 0) return;
  const Area* area = copied_area_holding(address, nbytes);
  if (!area || area->changed.empty()) return;
  const std::uint64_t lo = address - area->begin;
  if (first_marked(area->changed, lo, lo + nbytes) == lo + nbytes) return;
  std::string call = "bsp_hpget";
  if (!site.file.empty()) call += " at " + site_text(site);
  const unsigned long long step = superstep;
  std::string line = format(
      "bspcheck: hpget source changed by its owner in superstep %llu on process %d: %s (process "
      "%d, %llu bytes) reads %s, changed by its owner (process %d) during superstep %llu; the "
      "bytes that arrive depend on when the transfer reads them; %s ends the superstep",
      step, pid_, call.c_str(), requester, static_cast<unsigned long long>(nbytes),
      describe_bytes(address, address + nbytes).c_str(), pid_, step, sync_text().c_str());
  // One line for each hpget call site, requester and area a superstep.
  std::string key =
      format("%d %s %p", requester, site_text(site).c_str(), static_cast<const void*>(area));
  if (std::find(hpget_reported_.begin(), hpget_reported_.end(), key) != hpget_reported_.end())
    return;
  hpget_reported_.push_back(key);
  std::fprintf(stderr, "%s\n", line.c_str());
  note_run("finding\n");
}

const unsigned char* PortabilityCheck::start_bytes(std::uint64_t address,
                                                   std::uint64_t nbytes) const {
  const Area* area = copied_area_holding(address, nbytes);
  return area ? area->start.data() + (address - area->begin) : nullptr;
}

}  // namespace superstep
