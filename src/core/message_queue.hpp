// The BSMP system queue of one process (paper §4).
//
// Messages are not copied out of the streams they arrived in: the queue is a
// cursor over the send records of the incoming streams, visited in source-pid
// order and then send order. The streams stay untouched until the sync that
// ends the superstep, which is also how long bsp_hpmove's pointers are valid.
//
// The cursor always rests on the first message's record, so reading the front
// is one load and a pop steps over one record; only when the next record is
// not a send (a put or registration between sends, or the stream's end) does
// the pop search on. Draining a queue thus costs a few instructions a message.
#pragma once

#include <cstdint>
#include <vector>

#include "core/byte_buffer.hpp"
#include "messaging/record_reader.hpp"

namespace superstep {

class MessageQueue {
 public:
  using Message = SendRecord;

  void clear();
  // Adds the send records of one incoming stream; `messages` and
  // `payload_bytes` are what the stream holds (counted while applying it).
  void add_stream(const char* begin, const char* end, std::uint64_t messages,
                  std::uint64_t payload_bytes);

  std::uint64_t size() const { return messages_; }
  std::uint64_t payload_bytes() const { return bytes_; }
  bool empty() const { return messages_ == 0; }
  // The first message; the queue must not be empty.
  Message front() const { return Record(cursor_).send(); }
  // Removes the first message; the queue must not be empty.
  void pop() { pop(front()); }
  // The same, given what front() returned for it (not read again).
  void pop(const Message& m) {
    bytes_ -= m.payload_bytes;
    cursor_ = m.record_end;
    if (--messages_ == 0) return clear();
    if (cursor_ < segment_end_ && Record(cursor_).kind() == RecordKind::kSend) [[likely]]
      return;
    seek_send();
  }

 private:
  struct Segment {
    const char* begin;
    const char* end;
  };
  // Moves the cursor from where it is to the next send record, across
  // segments; there is one (messages_ counts it).
  void seek_send();

  std::vector<Segment> segments_;
  std::size_t segment_ = 0;
  const char* cursor_ = nullptr;  // on the first message's record
  const char* segment_end_ = nullptr;
  std::uint64_t messages_ = 0;
  std::uint64_t bytes_ = 0;
};

}  // namespace superstep
