#include "core/message_queue.hpp"

namespace superstep {

void MessageQueue::clear() {
  segments_.clear();
  segment_ = 0;
  cursor_ = RecordReader();
  messages_ = bytes_ = 0;
}

void MessageQueue::add_stream(const char* begin, const char* end, std::uint64_t messages,
                              std::uint64_t payload_bytes) {
  if (messages == 0) return;
  segments_.push_back({begin, end});
  messages_ += messages;
  bytes_ += payload_bytes;
  if (segments_.size() == 1) {
    cursor_ = RecordReader(begin, end);
    seek_send();
  }
}

void MessageQueue::seek_send() {
  for (;;) {
    for (; !cursor_.done(); cursor_.next())
      if (cursor_.kind() == RecordKind::kSend) return;
    const Segment& next = segments_[++segment_];
    cursor_ = RecordReader(next.begin, next.end);
  }
}

}  // namespace superstep
