// The BSMP system queue of one process (paper §4).
//
// Messages are not copied out of the streams they arrived in: the queue is a
// cursor over the send records of the incoming streams, visited in source-pid
// order and then send order. The streams stay untouched until the sync that
// ends the superstep, which is also how long bsp_hpmove's pointers are valid.
#pragma once

#include <cstdint>
#include <vector>

#include "messaging/records.hpp"

namespace superstep {

class MessageQueue {
 public:
  struct Message {
    const char* tag;
    std::uint32_t tag_bytes;
    const char* payload;
    std::uint64_t payload_bytes;
  };

  void clear();
  // Adds the send records of one incoming stream; `messages` and
  // `payload_bytes` are what the stream holds (counted while applying it).
  void add_stream(const char* begin, const char* end, std::uint64_t messages,
                  std::uint64_t payload_bytes);

  std::uint64_t size() const { return messages_; }
  std::uint64_t payload_bytes() const { return bytes_; }
  bool empty() const { return messages_ == 0; }
  // The first message; the queue must not be empty.
  Message front();
  void pop();

 private:
  struct Segment {
    const char* begin;
    const char* end;
  };
  void skip_to_send();

  std::vector<Segment> segments_;
  std::size_t segment_ = 0;
  const char* cursor_ = nullptr;
  std::uint64_t messages_ = 0;
  std::uint64_t bytes_ = 0;
};

}  // namespace superstep
