// Where the processes of a shared-memory run leave each other their streams:
// one box per process and superstep parity in an anonymous MAP_SHARED mapping
// made before the fork, so that every process sees every box at the same
// address. A box starts with one lane per destination, where the process
// builds its stream to that destination during the superstep
// (StreamSpace, engine.hpp): published where it lies, with no copy. What
// does not fit its lane is copied at the sync after the lanes (post), as are,
// in the reply round, the larger answers to other processes' gets; readers
// use everything in place.
// Double-buffered like everything else published at a sync: a process may
// enter sync k+1 while slower ones still read what it left for sync k, and it
// writes the lanes of a parity only once everyone has left the sync before
// (a superstep later), when nobody reads them any more.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engines/engine.hpp"
#include "engines/shm/waiting.hpp"

namespace superstep::shm {

// Where one process's answers to another's gets lie, one per ordered pair of
// processes and one cache line each: the owner writes the answers, their
// size and where they lie, then raises `posted` with the sync's number; the
// asker waits for that and finds everything in the same line when the
// answers are small. One per pair is enough: an owner answers again only
// at a later sync, which the asker has left this one to reach.
struct alignas(64) ReplySlot {
  static constexpr std::size_t kInlineBytes = 40;
  SharedSignal posted;
  std::uint64_t size;
  std::uint64_t address;  // inline_bytes, or the owner's box
  char inline_bytes[kInlineBytes];
};
static_assert(sizeof(ReplySlot) == 64);

class Mailboxes {
 public:
  // Reserves address space for nprocs processes (pages exist only once
  // written). Invalid on failure.
  static Mailboxes create(int nprocs);

  bool valid() const { return base_ != nullptr; }
  // Whether `at` lies in some process's box.
  bool holds(const void* at) const {
    auto* c = static_cast<const char*>(at);
    return base_ && c >= boxes_ && c < base_ + bytes_;
  }
  void unmap();
  // How many bytes one process may post in one superstep.
  std::uint64_t capacity() const { return box_bytes_ - lanes_bytes(); }
  // Where process q builds its stream to dst in supersteps of this parity.
  SharedArea lane(int q, int parity, int dst) const {
    return {box(q, parity) + static_cast<std::uint64_t>(dst) * lane_bytes_, lane_bytes_};
  }

  // Empties this process's box of this parity. Only the process itself
  // writes its boxes: the q below is always its own pid.
  void start_filling(int parity) { used_[parity] = 0; }
  // Copies n bytes to the end of process q's box of this parity and returns
  // where they landed (8-byte aligned), or nullptr when the box is full.
  const char* post(int q, int parity, const void* data, std::uint64_t n);
  // Gives back the pages of an unusually large superstep once the box of
  // this parity is small again.
  void trim(int q, int parity);

  // The answers src gives dst.
  ReplySlot& reply(int dst, int src) const {
    return slots_[static_cast<std::size_t>(dst) * static_cast<std::size_t>(nprocs_) +
                  static_cast<std::size_t>(src)];
  }

 private:
  char* box(int q, int parity) const {
    return boxes_ +
           (static_cast<std::uint64_t>(q) * 2 + static_cast<std::uint64_t>(parity)) * box_bytes_;
  }
  std::uint64_t lanes_bytes() const { return static_cast<std::uint64_t>(nprocs_) * lane_bytes_; }
  // Where q posts in its box of this parity.
  char* posts(int q, int parity) const { return box(q, parity) + lanes_bytes(); }

  char* base_ = nullptr;
  std::uint64_t bytes_ = 0;
  ReplySlot* slots_ = nullptr;  // [dst][src], at the start of the mapping
  char* boxes_ = nullptr;
  std::uint64_t box_bytes_ = 0;
  std::uint64_t lane_bytes_ = 0;  // each lane's, a whole number of pages
  int nprocs_ = 0;
  // This process's own box, by parity: bytes in use this superstep, and the
  // most in use since the last trim.
  std::uint64_t used_[2] = {0, 0};
  std::uint64_t peak_[2] = {0, 0};
};

}  // namespace superstep::shm
