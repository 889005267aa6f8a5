// The receiving side of BSMP (paper §4.3-4.6) on this process's queue: what
// bsp_qsize, bsp_get_tag, bsp_move and bsp_hpmove mean. The API layer checks
// its own arguments (NULL pointers, negative sizes) and makes one call here.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "core/message_queue.hpp"

namespace superstep {

// The errors the receiving calls report (each stops the program).
[[noreturn]] void null_tag(std::uint32_t tag_bytes);
[[noreturn]] void move_from_empty_queue();
[[noreturn]] void null_payload(std::uint64_t nbytes);

// bsp_qsize (§4.3): the messages left and their payload bytes, each clamped
// to INT_MAX; either pointer may be NULL.
void queue_size(const MessageQueue& queue, int* nmessages, int* accum_nbytes);

// bsp_get_tag (§4.4): -1 when the queue is empty (tag untouched), else the
// first message's payload size, its tag copied to `tag`. A NULL tag is an
// error when that message has a tag.
// Inline with the two below: draining a queue is a loop of them.
inline int peek_tag(MessageQueue& queue, void* tag) {
  if (queue.empty()) return -1;
  MessageQueue::Message m = queue.front();
  if (m.tag_bytes) {
    if (!tag) [[unlikely]]
      null_tag(m.tag_bytes);
    copy_bytes(tag, m.tag, m.tag_bytes);
  }
  return static_cast<int>(m.payload_bytes);
}

// bsp_move (§4.5): copies at most reception_nbytes of the first message's
// payload (a longer payload is truncated, 0 just drops the message) and
// removes it. Moving from an empty queue is an error (Superstep's choice).
inline void move_payload(MessageQueue& queue, void* payload, std::uint64_t reception_nbytes) {
  if (queue.empty()) [[unlikely]]
    move_from_empty_queue();
  MessageQueue::Message m = queue.front();
  std::uint64_t n = m.payload_bytes < reception_nbytes ? m.payload_bytes : reception_nbytes;
  if (n) {
    if (!payload) [[unlikely]]
      null_payload(n);
    copy_bytes(payload, m.payload, n);
  }
  queue.pop(m);
}

// bsp_hpmove (§4.6): -1 when the queue is empty (pointers untouched), else
// the payload size; *tag and *payload point into the incoming stream (the
// payload 8-byte aligned), valid until the end of the superstep.
inline int take_in_place(MessageQueue& queue, void** tag, void** payload) {
  if (queue.empty()) return -1;
  MessageQueue::Message m = queue.front();
  *tag = const_cast<char*>(m.tag);
  *payload = const_cast<char*>(m.payload);
  queue.pop();
  return static_cast<int>(m.payload_bytes);
}

}  // namespace superstep
