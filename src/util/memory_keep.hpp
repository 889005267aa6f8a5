// When a buffer that grew past kKeepBytes for some superstep gives the memory
// beyond that back. Memory given back is faulted in again at its next use, a
// page at a time, and in a virtual machine a fault costs microseconds (a
// stream of a hundred MiB costs a noticeable part of a second). So a buffer
// keeps its memory while uses that need it keep coming (the FFT's
// permutation, every third superstep, would otherwise write its streams into
// fresh pages every time), and gives it back once kQuietUses uses in a row needed no more
// than kKeepBytes: a one-off large superstep still does not hold its memory for
// the rest of the run.
#pragma once

#include <cstdint>

namespace superstep {

class MemoryKeep {
 public:
  static constexpr std::uint64_t kKeepBytes = std::uint64_t{64} << 20;
  static constexpr int kQuietUses = 8;

  // Called once per use of the buffer, with the most bytes that use needed:
  // whether the buffer gives back what it holds beyond kKeepBytes now.
  bool release(std::uint64_t needed) {
    if (needed > kKeepBytes) {
      quiet_ = 0;
      return false;
    }
    if (quiet_ < kQuietUses) ++quiet_;
    return quiet_ == kQuietUses;
  }

 private:
  int quiet_ = kQuietUses;  // uses in a row within kKeepBytes, counted up to kQuietUses
};

}  // namespace superstep
