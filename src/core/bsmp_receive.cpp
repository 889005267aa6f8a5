#include "core/bsmp_receive.hpp"

#include <algorithm>
#include <climits>

#include "util/errors.hpp"

namespace superstep {

void queue_size(const MessageQueue& queue, int* nmessages, int* accum_nbytes) {
  constexpr std::uint64_t kMax = INT_MAX;
  if (nmessages) *nmessages = static_cast<int>(std::min(queue.size(), kMax));
  if (accum_nbytes) *accum_nbytes = static_cast<int>(std::min(queue.payload_bytes(), kMax));
}

void null_tag(std::uint32_t tag_bytes) {
  usage_error("bsp_get_tag", "tag is NULL but the message has a %u-byte tag; pass a buffer",
              tag_bytes);
}

void move_from_empty_queue() {
  usage_error("bsp_move", "the message queue is empty; check bsp_qsize or bsp_get_tag first");
}

void null_payload(std::uint64_t nbytes) {
  usage_error("bsp_move", "payload is NULL but nbytes is %llu; pass a valid address",
              static_cast<unsigned long long>(nbytes));
}

}  // namespace superstep
