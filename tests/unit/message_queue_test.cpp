// core/message_queue: a cursor over the send records of the incoming streams,
// in stream (source pid) order and then record order, skipping other records.
#include "core/message_queue.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "core/byte_buffer.hpp"
#include "messaging/outbox.hpp"

namespace superstep {
namespace {

// One source's stream: sends mixed with a put record, as the outbox writes them.
struct Stream {
  Outbox out;
  std::uint64_t messages = 0, bytes = 0;
  Stream() { out.reset(1, true); }
  void send(const std::string& tag, const std::string& payload) {
    out.send(0, tag.data(), static_cast<std::uint32_t>(tag.size()), payload.data(), payload.size());
    ++messages;
    bytes += payload.size();
  }
  void put() {
    char x[3] = {1, 2, 3};
    out.put(0, 0x1000, x, sizeof x);
  }
  const char* begin() { return out.stream(0).data(); }
  const char* end() { return out.stream(0).data() + out.stream(0).size(); }
};

std::string text(const char* p, std::uint64_t n) { return std::string(p, n); }

TEST(MessageQueue, VisitsStreamsInOrderAndSkipsOtherRecords) {
  Stream s0, s1;
  s0.put();
  s0.send("t0", "first");
  s0.put();
  s0.send("t1", "");
  s1.send("t2", "third message");
  MessageQueue q;
  q.add_stream(s0.begin(), s0.end(), s0.messages, s0.bytes);
  q.add_stream(s1.begin(), s1.end(), s1.messages, s1.bytes);
  EXPECT_EQ(q.size(), 3u);
  EXPECT_EQ(q.payload_bytes(), 5u + 13u);

  std::vector<std::string> seen;
  while (!q.empty()) {
    MessageQueue::Message m = q.front();
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(m.payload) % 8, 0u) << "payload not 8-aligned";
    seen.push_back(text(m.tag, m.tag_bytes) + ":" + text(m.payload, m.payload_bytes));
    q.pop();
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"t0:first", "t1:", "t2:third message"}));
  EXPECT_EQ(q.payload_bytes(), 0u);
}

TEST(MessageQueue, FrontDoesNotConsume) {
  Stream s;
  s.send("", "x");
  s.send("", "yy");
  MessageQueue q;
  q.add_stream(s.begin(), s.end(), s.messages, s.bytes);
  EXPECT_EQ(q.front().payload_bytes, 1u);
  EXPECT_EQ(q.front().payload_bytes, 1u);
  q.pop();
  EXPECT_EQ(q.size(), 1u);
  EXPECT_EQ(q.payload_bytes(), 2u);
  EXPECT_EQ(q.front().payload_bytes, 2u);
}

TEST(MessageQueue, StreamsWithoutMessagesAreSkipped) {
  Stream empty, puts_only, one;
  puts_only.put();
  one.send("", "z");
  MessageQueue q;
  q.add_stream(empty.begin(), empty.end(), 0, 0);
  q.add_stream(puts_only.begin(), puts_only.end(), 0, 0);
  q.add_stream(one.begin(), one.end(), one.messages, one.bytes);
  ASSERT_EQ(q.size(), 1u);
  EXPECT_EQ(text(q.front().payload, 1), "z");
  q.pop();
  EXPECT_TRUE(q.empty());
}

TEST(MessageQueue, ClearEmptiesTheQueue) {
  Stream s;
  s.send("", "x");
  MessageQueue q;
  q.add_stream(s.begin(), s.end(), s.messages, s.bytes);
  q.clear();
  EXPECT_TRUE(q.empty());
  EXPECT_EQ(q.payload_bytes(), 0u);
}

}  // namespace
}  // namespace superstep
