// The BSMP system queue of one process (paper §4).
//
// Messages are not copied out of the streams they arrived in: the queue is a
// cursor over the send records (kSend, and the messages of kSendRun records)
// of the incoming streams, visited in source-pid order and then send order.
// The streams stay untouched until the sync that ends the superstep, which is
// also how long bsp_hpmove's pointers are valid.
//
// The cursor always rests on the first message (its record, or its place in
// a run), so reading the front is one load and a pop steps over one message;
// only when the next record is not a send (a put or registration between
// sends, or the stream's end) does the pop search on. Draining a queue thus
// costs a few instructions a message.
// The cursor, the end of its stream's records and the counts are a
// superstep_queue_state, which the program's inline bsp_move steps on itself
// while the next message follows in the same stream (superstep/detail/inline_paths.h).
#pragma once

#include <cstdint>
#include <vector>

#include "core/check/check_choices.hpp"
#include "util/byte_buffer.hpp"
#include "messaging/record_reader.hpp"
#include "superstep/detail/inline_paths.h"

namespace superstep {

class MessageQueue {
 public:
  using Message = SendRecord;

  void clear();
  // Adds the send records of one incoming stream; `messages` and
  // `payload_bytes` are what the stream holds (counted while applying it).
  void add_stream(const char* begin, const char* end, std::uint64_t messages,
                  std::uint64_t payload_bytes);

  // Check mode (BSP_CHECK_ORDER): once every stream is added, the messages
  // are dequeued in `order` instead, from an index of them. The queue's
  // segment end is then null and each message stands as a run of one, so
  // that neither pop() nor the program's inline bsp_move steps the cursor on
  // by itself.
  void arrange(const LegalOrder& order, std::uint64_t salt);

  std::uint64_t size() const { return s_.messages; }
  std::uint64_t payload_bytes() const { return s_.payload_bytes; }
  bool empty() const { return s_.messages == 0; }
  // The first message; the queue must not be empty.
  Message front() const {
    if (s_.in_run)
      return {s_.cursor, run_tag_bytes_, s_.cursor + s_.run_tag_room, s_.run_payload_bytes,
              s_.cursor + s_.run_stride};
    return Record(s_.cursor).send();
  }
  // Removes the first message; the queue must not be empty.
  void pop() { pop(front()); }
  // The same, given what front() returned for it (not read again).
  void pop(const Message& m) {
    s_.payload_bytes -= m.payload_bytes;
    s_.cursor = m.record_end;
    if (--s_.messages == 0) return clear();
    // The next message of the run; after a run's last, the record after the run.
    if (s_.in_run && --s_.in_run) return;
    if (s_.cursor < s_.segment_end && Record(s_.cursor).kind() == RecordKind::kSend) [[likely]]
      return;
    seek_send();
  }
  // What the program's inline bsp_move reads and steps on.
  superstep_queue_state* state() { return &s_; }

 private:
  struct Segment {
    const char* begin;
    const char* end;
  };
  // Moves the cursor from where it is to the next message, across records
  // and segments; there is one (messages counts it).
  void seek_send();
  // Rests the cursor on the first message of a run (or, arranged, on one message as a run of
  // one).
  void enter_run(const char* first, std::uint64_t count, std::uint32_t tag_bytes,
                 std::uint64_t payload_bytes) {
    s_.cursor = first;
    s_.in_run = count;
    s_.run_stride = padded8(tag_bytes) + padded8(payload_bytes);
    s_.run_tag_room = static_cast<unsigned>(padded8(tag_bytes));
    s_.run_payload_bytes = static_cast<unsigned>(payload_bytes);
    run_tag_bytes_ = tag_bytes;
  }

  std::vector<Segment> segments_;
  std::size_t segment_ = 0;
  // arrange(): the messages in the order they are dequeued, and the next.
  std::vector<Message> arranged_;
  std::size_t next_arranged_ = 0;
  // cursor: on the first message's record; segment_end: where its stream's
  // records end; messages and payload_bytes: what the queue holds.
  superstep_queue_state s_ = {nullptr, nullptr, 0, 0, 0, 0, 0, 0};
  // The tag bytes of the run's messages (in_run), unpadded.
  std::uint32_t run_tag_bytes_ = 0;
};

}  // namespace superstep
