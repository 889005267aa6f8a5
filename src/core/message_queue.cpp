#include "core/message_queue.hpp"

namespace superstep {

void MessageQueue::clear() {
  segments_.clear();
  segment_ = 0;
  cursor_ = nullptr;
  messages_ = bytes_ = 0;
}

void MessageQueue::add_stream(const char* begin, const char* end, std::uint64_t messages,
                              std::uint64_t payload_bytes) {
  if (messages == 0) return;
  segments_.push_back({begin, end});
  if (segments_.size() == 1) cursor_ = begin;
  messages_ += messages;
  bytes_ += payload_bytes;
}

void MessageQueue::skip_to_send() {
  for (;;) {
    const Segment& seg = segments_[segment_];
    while (cursor_ < seg.end) {
      auto* h = reinterpret_cast<const RecordHeader*>(cursor_);
      if (h->kind == RecordKind::kSend) return;
      cursor_ += record_length(h);
    }
    ++segment_;
    cursor_ = segments_[segment_].begin;
  }
}

MessageQueue::Message MessageQueue::front() {
  skip_to_send();
  auto* h = reinterpret_cast<const RecordHeader*>(cursor_);
  const char* tag = cursor_ + sizeof(RecordHeader);
  return {tag, h->aux, tag + padded8(h->aux), h->value};
}

void MessageQueue::pop() {
  skip_to_send();
  auto* h = reinterpret_cast<const RecordHeader*>(cursor_);
  cursor_ += record_length(h);
  --messages_;
  bytes_ -= h->value;
  if (messages_ == 0) clear();
}

}  // namespace superstep
