// A growable byte array for the streams a process builds during a superstep.
//
// Unlike std::vector<char> it never zero-fills what it hands out. Small, it
// grows with realloc; from kLargeBlockBytes on it lives in a block of its own
// that huge pages may back (util/large_blocks.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#include "superstep/detail/inline_paths.h"
#include "util/block_copy.hpp"
#include "util/large_blocks.hpp"

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
      : data_(other.data_), size_(other.size_), capacity_(other.capacity_) {
    other.data_ = nullptr;
    other.size_ = other.capacity_ = 0;
  }
  ~ByteBuffer() { release(); }

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

  // Grows an empty buffer to hold n bytes and writes its fresh pages once,
  // so that filling it later meets no page fault. Nothing where it holds
  // that much already.
  void prepare(std::size_t n) {
    if (size_ != 0 || n <= capacity_) return;
    reserve(n);
    std::memset(data_, 0, capacity_);
  }

  // Makes the buffer exactly n bytes long; new bytes are uninitialised.
  void resize(std::size_t n) {
    if (n > capacity_) reserve(n);
    size_ = n;
  }

  // Frees the memory when the buffer is empty and holds more than keep bytes:
  // a one-off huge superstep should not pin its memory for the rest of the run.
  void trim(std::size_t keep) {
    if (size_ == 0 && capacity_ > keep) release();
  }

 private:
  void reserve(std::size_t need) {
    std::size_t cap = capacity_ ? capacity_ : 256;
    while (cap < need) cap *= 2;
    void* p;
    if (cap < kLargeBlockBytes) {
      p = std::realloc(data_, cap);
    } else {
      p = map_large_block(cap);
      if (p && size_) copy_block(static_cast<char*>(p), data_, size_);
      if (p) release();
    }
    if (!p) throw std::bad_alloc();
    data_ = static_cast<char*>(p);
    capacity_ = cap;
  }
  void release() {
    if (capacity_ >= kLargeBlockBytes)
      unmap_large_block(data_, capacity_);
    else
      std::free(data_);
    data_ = nullptr;
    capacity_ = 0;
  }

  char* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace superstep
