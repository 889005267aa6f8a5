#include "core/message_queue.hpp"

namespace superstep {

void MessageQueue::clear() {
  segments_.clear();
  segment_ = 0;
  // arranged_ is check mode's, rebuilt by arrange() whenever it is used (segment_end null).
  s_ = {nullptr, nullptr, 0, 0, 0, 0, 0, 0};
}

void MessageQueue::add_stream(const char* begin, const char* end, std::uint64_t messages,
                              std::uint64_t payload_bytes) {
  if (messages == 0) return;
  segments_.push_back({begin, end});
  s_.messages += messages;
  s_.payload_bytes += payload_bytes;
  if (segments_.size() == 1) {
    s_.cursor = begin;
    s_.segment_end = end;
    s_.in_run = 0;
    seek_send();
  }
}

void MessageQueue::arrange(const LegalOrder& order, std::uint64_t salt) {
  arranged_.clear();
  for (const Segment& segment : segments_)
    for (RecordReader r(segment.begin, segment.end); !r.done(); r.next()) {
      if (r.kind() == RecordKind::kSend) arranged_.push_back(r.send());
      if (r.kind() != RecordKind::kSendRun) continue;
      const SendRunRecord run = r.send_run();
      for (std::uint64_t i = 0; i < run.count; ++i) arranged_.push_back(run.message(i));
    }
  arrange_in(order, salt, arranged_);
  next_arranged_ = 0;
  if (arranged_.empty()) return;
  s_.segment_end = nullptr;
  seek_send();
}

void MessageQueue::seek_send() {
  if (s_.segment_end == nullptr) {  // arranged by check mode (arrange)
    const Message& m = arranged_[next_arranged_++];
    enter_run(m.tag, 1, m.tag_bytes, m.payload_bytes);
    return;
  }
  for (;;) {
    for (RecordReader r(s_.cursor, s_.segment_end); !r.done(); r.next()) {
      if (r.kind() == RecordKind::kSend) {
        s_.cursor = r.position();
        s_.in_run = 0;
        return;
      }
      if (r.kind() == RecordKind::kSendRun && r.send_run().count != 0) {
        const SendRunRecord run = r.send_run();
        enter_run(run.first, run.count, run.tag_bytes, run.payload_bytes);
        return;
      }
    }
    const Segment& next = segments_[++segment_];
    s_.cursor = next.begin;
    s_.segment_end = next.end;
  }
}

}  // namespace superstep
