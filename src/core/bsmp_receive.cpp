#include "core/bsmp_receive.hpp"

#include <algorithm>
#include <climits>
#include <cstring>

#include "core/errors.hpp"

namespace superstep {

void queue_size(const MessageQueue& queue, int* nmessages, int* accum_nbytes) {
  constexpr std::uint64_t kMax = INT_MAX;
  if (nmessages) *nmessages = static_cast<int>(std::min(queue.size(), kMax));
  if (accum_nbytes) *accum_nbytes = static_cast<int>(std::min(queue.payload_bytes(), kMax));
}

int peek_tag(MessageQueue& queue, void* tag) {
  if (queue.empty()) return -1;
  MessageQueue::Message m = queue.front();
  if (m.tag_bytes) {
    if (!tag)
      usage_error("bsp_get_tag", "tag is NULL but the message has a %u-byte tag; pass a buffer",
                  m.tag_bytes);
    std::memcpy(tag, m.tag, m.tag_bytes);
  }
  return static_cast<int>(m.payload_bytes);
}

void move_payload(MessageQueue& queue, void* payload, std::uint64_t reception_nbytes) {
  if (queue.empty())
    usage_error("bsp_move", "the message queue is empty; check bsp_qsize or bsp_get_tag first");
  MessageQueue::Message m = queue.front();
  std::uint64_t n = std::min(m.payload_bytes, reception_nbytes);
  if (n) {
    if (!payload)
      usage_error("bsp_move", "payload is NULL but nbytes is %llu; pass a valid address",
                  static_cast<unsigned long long>(n));
    std::memcpy(payload, m.payload, n);
  }
  queue.pop();
}

int take_in_place(MessageQueue& queue, void** tag, void** payload) {
  if (queue.empty()) return -1;
  MessageQueue::Message m = queue.front();
  *tag = const_cast<char*>(m.tag);
  *payload = const_cast<char*>(m.payload);
  queue.pop();
  return static_cast<int>(m.payload_bytes);
}

}  // namespace superstep
