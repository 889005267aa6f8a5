// Where the processes of a shared-memory run leave each other their streams
// when cross-memory attach is refused (DataPath::kSharedMappings), and their
// small ones always: one box per process and superstep parity in an
// anonymous MAP_SHARED mapping made before the fork, so that every process
// sees every box at the same address. At a sync each process copies its
// outgoing streams (and, in the reply round, the larger answers to other
// processes' gets) into its own box; readers use them in place.
// Double-buffered like everything else published at a sync: a process may
// enter sync k+1 while slower ones still read what it left for sync k.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engines/shm/waiting.hpp"
#include "util/memory_keep.hpp"

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
  // How many bytes one process may leave in one superstep.
  std::uint64_t capacity() const { return box_bytes_; }

  // Empties this process's box of this parity. Only the process itself
  // writes its boxes: the q below is always its own pid.
  void start_filling(int parity) { used_[parity] = 0; }
  // Copies n bytes to the end of process q's box of this parity and returns
  // where they landed (8-byte aligned), or nullptr when the box is full.
  const char* post(int q, int parity, const void* data, std::uint64_t n);
  // Gives back the pages of an unusually large superstep once the box of
  // this parity has stayed small for a while (util/memory_keep.hpp). Called
  // once per superstep, after its posts.
  void trim(int q, int parity);
  // Writes the pages of process q's boxes (both parities) up to `bytes`
  // where no post has reached yet, so that posts that far meet no page
  // fault. Only the box's owner calls it, between its posts.
  void expect(int q, std::uint64_t bytes);

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

  char* base_ = nullptr;
  std::uint64_t bytes_ = 0;
  ReplySlot* slots_ = nullptr;  // [dst][src], at the start of the mapping
  char* boxes_ = nullptr;
  std::uint64_t box_bytes_ = 0;
  int nprocs_ = 0;
  // This process's own box, by parity: bytes in use this superstep, and the
  // most in use since the last trim.
  std::uint64_t used_[2] = {0, 0};
  std::uint64_t peak_[2] = {0, 0};
  MemoryKeep keep_[2];
};

}  // namespace superstep::shm
