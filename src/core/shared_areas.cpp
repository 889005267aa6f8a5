// Large hp transfers and gets through shared registered areas (DESIGN.md,
// "Measured design decisions"; engine.hpp, SharedAreas).
//
// Large bsp_hpput, bsp_hpget and bsp_get into or out of another process's
// area travel as before in the first two supersteps that use it; the second
// asks the owner, in a kShareRequest record, to share the area's whole
// pages. Sharing copies the pages into memory the others can map, which
// costs several copies of the area where the memory is fresh; so the owner
// shares one part (a thirty-second of the area, at least 1 MiB) at each sync in
// which it is asked, while applying that sync's streams, and the asker asks
// again at each superstep that uses the area until the whole is shared: no
// superstep pays for the whole conversion, and an area used no more is
// converted no further. A part the owner shared at a sync the asker may use
// from the second superstep after it (everyone has then left that sync); the
// asker counts its own requests, each answered by a part unless the owner
// shares no more (then the shared length, which the engine reports, is
// shorter). Every large transfer of those kinds into or out of the shared
// part is one memcpy at the sync: hpputs right after the exchange (everyone
// has left the last sync, so nothing of it lands later; paper §3.2: an hpput
// may land at any time in the superstep, and nothing else may touch its
// destination), gets in phase 1 with the other get reads (an hpget straight
// into place, a get into the get staging, as before); the rest of a transfer
// travels as before. Pops and bsp_end give the pages back. bsp_put keeps its
// way: its writes are ordered against every other write of the sync, which a
// copy by the issuer could not respect.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "util/errors.hpp"
#include "core/runtime.hpp"
#include "core/size_choice.hpp"
#include "util/block_copy.hpp"

namespace superstep {

namespace {
// Below this a transfer is a few pages: staging it costs about as much as the
// extra barrier a direct copy needs.
constexpr std::uint64_t kSharedAreaMin = std::uint64_t{16} << 10;

std::uint64_t page_size() {
  static const auto size = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
  return size;
}

// How much of an area of `len` bytes (whole pages) the owner shares at a sync:
// the same on both sides, which count parts.
std::uint64_t sharing_part(std::uint64_t len) {
  constexpr std::uint64_t kParts = 32, kPartMin = std::uint64_t{1} << 20;
  std::uint64_t page = page_size();
  return (std::max(len / kParts, kPartMin) + page - 1) & ~(page - 1);
}

// The whole pages of [address, address + size): {first page, bytes}.
std::pair<std::uint64_t, std::uint64_t> whole_pages(std::uint64_t address, std::uint64_t size) {
  std::uint64_t page = page_size();
  std::uint64_t begin = (address + page - 1) & ~(page - 1);
  std::uint64_t end = (address + size) & ~(page - 1);
  return {begin, end > begin ? end - begin : 0};
}
}  // namespace

// BSP_FORCE share_areas: auto (large transfers), always (transfers of any size, for
// tests), off. Read in bsp_begin before any other process exists, so that a
// bad value is reported once.
std::uint64_t Runtime::shared_area_min_asked() {
  return min_bytes_for(size_choice_asked(Strategy::kShareAreas), kSharedAreaMin);
}

// The area `ident` names on process pid, as far as it is shared and mapped
// here; nullptr while none of it is: then the transfer travels as before.
Runtime::PeerArea* Runtime::mapped_peer_area(int pid, const void* ident) {
  const Registration* reg = registry_.find(ident);  // resolve() found it: never null
  std::uint64_t base = reg->address[pid];
  auto [it, first_use] = peer_areas_.try_emplace({pid, base});
  PeerArea& area = it->second;
  if (first_use) {
    auto [begin, len] = whole_pages(base, reg->size[pid]);
    area = {len ? PeerArea::State::kSeen : PeerArea::State::kUnavailable,
            superstep_,
            begin,
            len,
            nullptr,
            0,
            0,
            {0, 0}};
    return nullptr;
  }
  // Asked for at the second superstep that uses the area: one that is
  // pushed, used once and popped (every superstep, say) is never copied in
  // and out for nothing.
  if (area.state == PeerArea::State::kSeen && superstep_ > area.since)
    area.state = PeerArea::State::kGrowing;
  if (area.state == PeerArea::State::kGrowing) {
    ask_to_share_more(area, pid, base);
    follow_sharing(area, pid);
  }
  return area.usable ? &area : nullptr;
}

// One request a superstep, until every part is asked for.
void Runtime::ask_to_share_more(PeerArea& area, int pid, std::uint64_t registered_at) {
  const std::uint64_t part = sharing_part(area.page_len);
  const std::uint64_t parts = (area.page_len + part - 1) / part;
  if (area.asked == parts || (area.asked && area.asked_last[0] == superstep_)) return;
  outbox_[parity_].share_request(pid, registered_at);
  area.asked_last[1] = area.asked_last[0];
  area.asked_last[0] = superstep_;
  ++area.asked;
}

// What of the area the owner has surely shared: a part for each request
// answered at a sync everyone has left (two supersteps ago or earlier).
void Runtime::follow_sharing(PeerArea& area, int pid) {
  std::uint32_t answered = area.asked;
  for (int i = 0; i < 2 && i < static_cast<int>(area.asked); ++i)
    if (area.asked_last[i] + 2 > superstep_) --answered;
  const std::uint64_t surely =
      std::min(area.page_len, answered * sharing_part(area.page_len));
  if (surely <= area.usable) return;
  if (!area.local) {
    area.local = caps_.shared_areas->map(pid, area.page_begin, area.page_len);
    if (!area.local) {
      area.state = PeerArea::State::kUnavailable;
      return;
    }
  }
  // Shorter where the owner could share no more: then it never will.
  const std::uint64_t shared = caps_.shared_areas->shared_bytes(area.local);
  area.usable = std::min(surely, shared);
  if (area.usable == area.page_len || shared < surely) area.state = PeerArea::State::kShared;
}

// The part of [remote, remote + nbytes) on the area's shared pages: {lo, hi},
// empty when hi <= lo.
std::pair<std::uint64_t, std::uint64_t> Runtime::on_shared_pages(const PeerArea& area,
                                                                 std::uint64_t remote,
                                                                 std::uint64_t nbytes) {
  return {std::max(remote, area.page_begin),
          std::min(remote + nbytes, area.page_begin + area.usable)};
}

bool Runtime::hpput_direct(int pid, const void* ident, std::uint64_t remote, const void* src,
                           std::uint64_t nbytes) {
  PeerArea* area = mapped_peer_area(pid, ident);
  if (!area) return false;
  // The bytes on whole pages go straight there; a partial page at either
  // end (under a page each) travels as before.
  auto [lo, hi] = on_shared_pages(*area, remote, nbytes);
  if (hi <= lo) return false;
  const char* from = static_cast<const char*>(src);
  Outbox& out = outbox_[parity_];
  if (lo > remote) out.hpput(pid_, pid, remote, from, lo - remote);
  direct_copies_.push_back({area->local + (lo - area->page_begin), from + (lo - remote), hi - lo});
  if (remote + nbytes > hi) out.hpput(pid_, pid, hi, from + (hi - remote), remote + nbytes - hi);
  return true;
}

// A get (hp or buffered) reads the part of its source on shared pages with
// one memcpy in phase 1: into its destination (hp) or the get staging.
bool Runtime::get_from_shared(int pid, const void* ident, std::uint64_t remote, void* dst,
                              std::uint64_t nbytes, bool hp) {
  PeerArea* area = mapped_peer_area(pid, ident);
  if (!area) return false;
  auto [lo, hi] = on_shared_pages(*area, remote, nbytes);
  if (hi <= lo) return false;
  char* to = static_cast<char*>(dst);
  if (lo > remote) add_get(pid, remote, to, lo - remote, hp, nullptr);
  add_get(pid, lo, to + (lo - remote), hi - lo, hp, area->local + (lo - area->page_begin));
  if (remote + nbytes > hi) add_get(pid, hi, to + (hi - remote), remote + nbytes - hi, hp, nullptr);
  return true;
}

void Runtime::copy_direct_hpputs() {
  for (const DirectCopy& c : direct_copies_) copy_block(c.dst, c.src, c.nbytes);
}

// The owner's side of a kShareRequest: share a part more of the area, once
// a sync however many ask.
void Runtime::share_requested_area(std::uint64_t address) {
  const void* ident = reinterpret_cast<const void*>(address);
  const Registration* reg = registry_.find(ident);
  if (!reg) return;
  auto [it, first] = own_shared_.try_emplace(ident);
  OwnShare& own = it->second;
  if (first) {
    auto [begin, len] = whole_pages(address, reg->size[pid_]);
    own = {reinterpret_cast<void*>(begin), len, 0, 0, len == 0};
  }
  if (own.stopped || own.shared == own.len || own.grown_in == superstep_ + 1) return;
  own.grown_in = superstep_ + 1;
  const std::uint64_t upto = std::min(own.len, own.shared + sharing_part(own.len));
  if (caps_.shared_areas->share(own.first_page, own.len, upto))
    own.shared = upto;
  else
    own.stopped = true;
}

// After the sync that popped them: nobody copies into these areas any more.
void Runtime::release_popped_areas() {
  for (const Registration& reg : popped_) {
    for (int q = 0; q < nprocs_; ++q) {
      if (q == pid_) continue;
      auto it = peer_areas_.find({q, reg.address[q]});
      if (it == peer_areas_.end()) continue;
      if (it->second.local) caps_.shared_areas->unmap(it->second.local, it->second.page_len);
      peer_areas_.erase(it);
    }
    // Still registered in another slot: those who use it keep it shared.
    auto own = own_shared_.find(reg.ident);
    if (own != own_shared_.end() && !registry_.find(reg.ident)) {
      caps_.shared_areas->unshare(own->second.first_page);
      own_shared_.erase(own);
    }
  }
  popped_.clear();
}

// At bsp_end, after its last barrier.
void Runtime::release_all_areas() {
  for (auto& [key, area] : peer_areas_)
    if (area.local) caps_.shared_areas->unmap(area.local, area.page_len);
  peer_areas_.clear();
  for (auto& [ident, own] : own_shared_) caps_.shared_areas->unshare(own.first_page);
  own_shared_.clear();
}

}  // namespace superstep
