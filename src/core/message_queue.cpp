#include "core/message_queue.hpp"

namespace superstep {

void MessageQueue::clear() {
  segments_.clear();
  segment_ = 0;
  cursor_ = segment_end_ = nullptr;
  messages_ = bytes_ = 0;
}

void MessageQueue::add_stream(const char* begin, const char* end, std::uint64_t messages,
                              std::uint64_t payload_bytes) {
  if (messages == 0) return;
  segments_.push_back({begin, end});
  messages_ += messages;
  bytes_ += payload_bytes;
  if (segments_.size() == 1) {
    cursor_ = begin;
    segment_end_ = end;
    seek_send();
  }
}

void MessageQueue::seek_send() {
  for (;;) {
    for (RecordReader r(cursor_, segment_end_); !r.done(); r.next()) {
      if (r.kind() == RecordKind::kSend) {
        cursor_ = r.position();
        return;
      }
    }
    const Segment& next = segments_[++segment_];
    cursor_ = next.begin;
    segment_end_ = next.end;
  }
}

}  // namespace superstep
