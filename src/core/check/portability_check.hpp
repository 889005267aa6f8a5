// Check mode's detector (BSP_CHECK): finds, on this process, the places where
// a program's result depends on a choice BSPlib leaves open (Hill et al.,
// "BSPlib: The BSP Programming Library", 1998): writes from different
// processes into the same bytes in one superstep (§3, "buffering choices"),
// and an hp transfer whose source or destination the program touches before
// the sync (§3.2, unbuffered transfers). Each finding is one line on stderr,
// starting "bspcheck: ".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/check/check_choices.hpp"

namespace superstep {

// Where a primitive was called: bsp.h's call-site macros pass __FILE__ and
// __LINE__ (file nullptr: not known).
struct CallSite {
  const char* file = nullptr;
  int line = 0;
};

// Where a put was called, as its destination reads it from the source's
// stream (a kPutSite record): the file's name in that stream (empty: not
// known), valid while the streams of the sync are.
struct WriteSite {
  std::string_view file;
  std::int64_t line = 0;
  bool operator==(const WriteSite&) const = default;
};

class PortabilityCheck {
 public:
  PortabilityCheck(const CheckChoices& choices, int pid) : choices_(choices), pid_(pid) {}
  const CheckChoices& choices() const { return choices_; }

  // Registrations of this process (bsp_push_reg, bsp_pop_reg): what names an
  // area in a finding.
  void registered(const void* ident, std::uint64_t size, CallSite site);
  void unregistered(const void* ident);

  // An hpput's source (or an hpget's destination): its bytes are summed now
  // and again when the superstep ends.
  void hp_transfer(const char* primitive, int pid, const void* memory, std::uint64_t nbytes,
                   CallSite site);
  // A bsp_hpget of this process from process `owner` into dst..+nbytes: its
  // destination is summed (hp_transfer), and its site names it where it
  // collides with another write (get_lands).
  void hpget_called(int owner, void* dst, std::uint64_t nbytes, CallSite site);

  // The hpget sources (hpsource): when a superstep starts, this process keeps
  // a copy of each of its registered areas (as much memory again as they
  // hold); when it enters the sync, it marks the bytes that differ from that
  // copy (a bit a byte, for the areas that changed): the program's own
  // stores, since nothing else writes here before the sync.
  void superstep_started();
  // Process `requester`'s bsp_hpget at `site` of this process's bytes
  // address..+nbytes, served at this sync: reported where one of those bytes
  // changed during the superstep.
  void hpget_served(int requester, std::uint64_t address, std::uint64_t nbytes, WriteSite site,
                    std::uint64_t superstep);
  // hp:early: the bytes address..+nbytes as they were when the superstep
  // started, or nullptr where no copy holds them all.
  const unsigned char* start_bytes(std::uint64_t address, std::uint64_t nbytes) const;
  // Where the superstep's bsp_sync was called (before sync_entered).
  void sync_site(CallSite site) { sync_site_ = site; }
  // At the start of the sync of `superstep`: the hp transfers whose memory
  // changed since their call.
  void sync_entered(std::uint64_t superstep);

  // The writes into this process's memory at one sync: the hpgets'
  // destinations (written by this process, each named by its hpget_called
  // site), then each source's puts, each with the site of its call.
  void begin_writes() { writes_.clear(); }
  void get_lands(std::uint64_t address, std::uint64_t nbytes);
  void put_lands(int src, std::uint64_t address, std::uint64_t nbytes, WriteSite site);
  // Reports the overlapping writes of the superstep.
  void end_writes(std::uint64_t superstep);

  // hp:late (BSP_CHECK_ORDER): the hpputs whose source is read at the sync.
  struct LatePut {
    int pid;
    std::uint64_t remote;
    const void* src;
    std::uint64_t nbytes;
    CallSite site;
  };
  std::vector<LatePut>& late_puts() { return late_puts_; }

 private:
  // One write of this superstep: who wrote (-1: this process's hpget) and
  // the call's site.
  struct Writer {
    int src;
    WriteSite site;
    bool operator==(const Writer&) const = default;
  };
  // A registered area of this process; while a superstep's writes land,
  // `writer` holds for each byte which write wrote it last (0: none, else its
  // index in writers_ + 1), and `value` the byte it wrote, within
  // touched_lo..touched_hi.
  // `start` holds its bytes as the superstep started (hpsource; empty when
  // pushed during it), `changed` a bit for each byte that differed when the
  // sync was entered (empty: none).
  struct Area {
    std::uint64_t begin, size;
    CallSite site;
    bool popped = false;  // popped this superstep: gone after its sync
    std::vector<std::uint32_t> writer;
    std::vector<unsigned char> value;
    std::uint64_t touched_lo = UINT64_MAX, touched_hi = 0;
    std::vector<unsigned char> start;
    std::vector<std::uint64_t> changed;
  };
  // A bsp_hpget's destination on this process and its call site.
  struct HpgetSite {
    std::uint64_t begin, end;
    CallSite site;
  };
  // A collision found in an area: two writers (with their sites), the bytes
  // between the first and the last colliding one, and whether they wrote
  // different bytes anywhere there.
  struct Collision {
    std::size_t area;
    Writer first, second;  // in landing order
    std::uint64_t lo, hi;
    bool differs;
  };
  struct HpTransfer {
    const char* primitive;
    int pid;
    const void* memory;
    std::uint64_t nbytes, sum;
    CallSite site;
  };
  struct Write {
    std::uint64_t begin, end;
    Writer by;
    std::uint64_t order;
    std::string bytes;  // what it wrote (writes outside every registered area)
  };
  // Whether two writes put the same bytes where they overlap.
  static bool same_bytes(const Write& a, const Write& b);

  const Area* area_of(std::uint64_t address) const;
  // The area with a start copy that holds all of address..+nbytes, or nullptr.
  const Area* copied_area_holding(std::uint64_t address, std::uint64_t nbytes) const;
  void mark_changed(Area& area);
  // The site of the hpget whose destination holds address..+nbytes (the
  // gets land in issue order).
  WriteSite hpget_site(std::uint64_t address, std::uint64_t nbytes);
  // The area that holds all of address..+nbytes (an index in areas_), or -1.
  long area_holding(std::uint64_t address, std::uint64_t nbytes);
  void write_lands(Writer by, std::uint64_t address, std::uint64_t nbytes);
  void note_collision(std::size_t area, const Writer& first, const Writer& second,
                      std::uint64_t offset, bool differs);
  void forget_writers();
  // "bytes A..B of the area registered at FILE:LINE" (or of no registered area).
  std::string describe_bytes(std::uint64_t begin, std::uint64_t end) const;
  std::string describe_writer(const Writer& by) const;
  std::string describe_writes_of_one(const Writer& a, const Writer& b) const;
  void report_overlap(const Write& a, const Write& b, std::uint64_t superstep);
  std::string sync_text() const;

  CheckChoices choices_;
  int pid_;
  std::vector<Area> areas_;  // newest last
  std::vector<HpTransfer> hp_;
  std::vector<Write> writes_;  // writes outside every registered area
  std::vector<Writer> writers_;  // the writes into registered areas this superstep
  std::vector<Collision> collisions_;
  std::vector<std::size_t> touched_;  // areas written this superstep
  long last_area_ = -1;
  CallSite sync_site_;
  std::vector<LatePut> late_puts_;
  std::vector<HpgetSite> hpgets_;  // this superstep's, in issue order
  std::size_t hpget_cursor_ = 0;
  std::vector<std::string> hpget_reported_;  // this sync's hpget findings, each once
  std::vector<std::string> reported_;        // this superstep's findings, each reported once
};

// A 64-bit sum of `nbytes` at `memory` that changes when any byte does
// (almost surely).
std::uint64_t checksum(const void* memory, std::uint64_t nbytes);

// Text for a call site: "prog.c:12", or "" when unknown.
std::string site_text(CallSite site);
std::string site_text(WriteSite site);

}  // namespace superstep
