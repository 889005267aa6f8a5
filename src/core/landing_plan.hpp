// Which bulk messages may be received straight into their destination
// (core/bulk_messages.cpp). A message lands while the sync waits for it,
// not at its place in the order of writes (DESIGN.md: writes to the same
// bytes in source-pid, then issue order). Landing in place is therefore
// allowed only where the order cannot show: no other write of the sync
// touches the bytes, no other message lands on them, and nothing this
// process reads while they land (an hpput's source it sends or copies) lies
// there. Every other message lands in a buffer and is copied in its turn.
#pragma once

#include <cstdint>
#include <vector>

namespace superstep {

// The bytes [begin, end) of this process's memory; begin < end.
struct ByteSpan {
  std::uint64_t begin;
  std::uint64_t end;
};

// For each of `messages` (their destinations), whether it overlaps neither
// another of them nor any of `others`. O(m log m + n log n).
std::vector<bool> lands_in_place(const std::vector<ByteSpan>& messages,
                                 const std::vector<ByteSpan>& others);

}  // namespace superstep
