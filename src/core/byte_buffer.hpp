// A growable byte array for the streams a process builds during a superstep.
//
// Unlike std::vector<char> it never zero-fills what it hands out, and it grows
// with realloc, so a large buffer grows by remapping pages instead of copying.
// It may be lent memory it does not own (lend): it keeps its bytes there
// until they outgrow it, then moves them to the heap.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#include "superstep/inline_paths.h"
#include "util/block_copy.hpp"

namespace superstep {

// memcpy for the many tiny copies of small puts (a word or two), without the
// call into the C library; larger copies go to copy_block (memmove without its
// slow distances, util/block_copy.hpp).
inline void copy_bytes(void* dst, const void* src, std::size_t n) {
  if (n <= 16)  // the same small copy as the program's inline paths take
    superstep_copy_small(dst, src, static_cast<unsigned>(n));
  else
    copy_block(static_cast<char*>(dst), static_cast<const char*>(src), n);
}

class ByteBuffer {
 public:
  ByteBuffer() = default;
  ByteBuffer(const ByteBuffer&) = delete;
  ByteBuffer& operator=(const ByteBuffer&) = delete;
  ByteBuffer(ByteBuffer&& other) noexcept
      : data_(other.data_),
        size_(other.size_),
        capacity_(other.capacity_),
        lent_(other.lent_),
        lent_bytes_(other.lent_bytes_) {
    other.data_ = other.lent_ = nullptr;
    other.size_ = other.capacity_ = other.lent_bytes_ = 0;
  }
  ~ByteBuffer() {
    if (!lent()) std::free(data_);
  }

  // Keeps the bytes in [at, at + bytes), which must outlive this buffer's use
  // of them, until they need more room. Only while empty; drops the heap
  // memory held.
  void lend(char* at, std::size_t bytes) {
    if (!lent()) std::free(data_);
    data_ = lent_ = at;
    capacity_ = lent_bytes_ = bytes;
    size_ = 0;
  }
  // Whether the bytes lie in lent memory.
  bool lent() const { return data_ != nullptr && data_ == lent_; }

  char* data() { return data_; }
  const char* data() const { return data_; }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }

  // Whether n more bytes fit without allocating.
  bool has_room(std::size_t n) const { return n <= capacity_ - size_; }
  // How many bytes it can still grow by without allocating.
  std::size_t room() const { return capacity_ - size_; }
  void make_room(std::size_t n) {
    if (!has_room(n)) reserve(size_ + n);
  }
  // grow() where has_room(n): no allocation, so no call on the way.
  char* grow_in_room(std::size_t n) {
    char* at = data_ + size_;
    size_ += n;
    return at;
  }
  // Appends n uninitialised bytes and returns where they start.
  char* grow(std::size_t n) {
    if (n > capacity_ - size_) reserve(size_ + n);
    char* at = data_ + size_;
    size_ += n;
    return at;
  }

  void append(const void* src, std::size_t n) {
    if (n) copy_block(grow(n), src, n);
  }

  // Makes the buffer exactly n bytes long; new bytes are uninitialised.
  void resize(std::size_t n) {
    if (n > capacity_) reserve(n);
    size_ = n;
  }

  // Frees the heap memory when the buffer is empty and holds more than keep
  // bytes (a one-off huge superstep should not pin its memory for the rest
  // of the run), and goes back to the lent memory if it has any.
  void trim(std::size_t keep) {
    if (size_ == 0 && !lent() && capacity_ > keep) {
      std::free(data_);
      data_ = lent_;
      capacity_ = lent_bytes_;
    }
  }

 private:
  void reserve(std::size_t need) {
    std::size_t cap = capacity_ ? capacity_ : 256;
    while (cap < need) cap *= 2;
    void* p = lent() ? std::malloc(cap) : std::realloc(data_, cap);
    if (!p) throw std::bad_alloc();
    if (lent() && size_) std::memcpy(p, data_, size_);
    data_ = static_cast<char*>(p);
    capacity_ = cap;
  }

  char* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
  char* lent_ = nullptr;  // lent memory (lend), nullptr: none
  std::size_t lent_bytes_ = 0;
};

}  // namespace superstep
