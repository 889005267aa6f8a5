// core/message_queue: a cursor over the send records of the incoming streams,
// in stream (source pid) order and then record order, skipping other records.
#include "core/message_queue.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "util/byte_buffer.hpp"
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

// The first tier of bsp_move (superstep_move_small, inline in programs)
// steps the queue itself while the next message follows in the same stream:
// copies the payload (or its first reception bytes), counts the message and
// its bytes off; it leaves to the library (returns 0, nothing done) a payload
// over 16 bytes, a message followed by another record or by its stream's
// end, and the last message of the queue.
TEST(MessageQueue, FirstTierOfMoveStepsWithinAStreamOnly) {
  Stream s0, s1;
  s0.send("a", "12345678");
  s0.send("", "xyz");
  s0.send("b", "seventeen bytes!!");  // over 16 bytes
  s0.send("c", "last of s0");
  s1.send("", "s1 first");
  s1.put();
  s1.send("", "s1 last");
  MessageQueue q;
  q.add_stream(s0.begin(), s0.end(), s0.messages, s0.bytes);
  q.add_stream(s1.begin(), s1.end(), s1.messages, s1.bytes);
  superstep_queue = q.state();
  char got[32];
  std::memset(got, '.', sizeof got);
  ASSERT_EQ(superstep_move_small(got, 4), 1);  // the first 4 of 8 bytes
  EXPECT_EQ(text(got, 6), "1234..");
  EXPECT_EQ(q.size(), 5u);
  EXPECT_EQ(q.payload_bytes(), 3u + 17 + 10 + 8 + 7);
  ASSERT_EQ(superstep_move_small(got, 32), 1);
  EXPECT_EQ(text(got, 3), "xyz");
  EXPECT_EQ(superstep_move_small(got, 32), 0);  // 17 bytes: the library's
  EXPECT_EQ(q.size(), 4u);
  q.pop();
  EXPECT_EQ(superstep_move_small(got, 32), 0);  // the last of its stream
  q.pop();
  EXPECT_EQ(superstep_move_small(got, 32), 0);  // a put record follows
  q.pop();
  EXPECT_EQ(superstep_move_small(got, 32), 0);  // the last of the queue
  EXPECT_EQ(superstep_move_small(nullptr, 0), 0);
  EXPECT_EQ(superstep_move_small(got, -1), 0);
  EXPECT_EQ(q.size(), 1u);
  EXPECT_EQ(text(q.front().payload, q.front().payload_bytes), "s1 last");
  superstep_queue = nullptr;
  EXPECT_EQ(superstep_move_small(got, 32), 0);  // outside bsp_begin..bsp_end
}

// Check mode (BSP_CHECK_ORDER): the same messages, each once, in the order
// asked, and the first tier of bsp_move never steps the cursor itself.
TEST(MessageQueue, ArrangedVisitsEveryMessageOnceInTheOrderAsked) {
  Stream s0, s1;
  s0.send("a", "0");
  s0.put();
  s0.send("b", "1");
  s1.send("c", "2");
  s1.send("d", "3");
  auto drain = [&](const LegalOrder& order) {
    MessageQueue q;
    q.add_stream(s0.begin(), s0.end(), s0.messages, s0.bytes);
    q.add_stream(s1.begin(), s1.end(), s1.messages, s1.bytes);
    q.arrange(order, 1);
    superstep_queue = q.state();
    char got[8];
    EXPECT_EQ(superstep_move_small(got, 8), 0);
    superstep_queue = nullptr;
    std::string seen;
    while (!q.empty()) {
      seen += text(q.front().tag, q.front().tag_bytes);
      q.pop();
    }
    return seen;
  };
  EXPECT_EQ(drain(LegalOrder{}), "abcd");
  EXPECT_EQ(drain(LegalOrder{LegalOrder::Kind::kReverse, 0}), "dcba");
  std::string shuffled = drain(LegalOrder{LegalOrder::Kind::kShuffle, 9});
  EXPECT_EQ(shuffled, drain(LegalOrder{LegalOrder::Kind::kShuffle, 9}));
  std::sort(shuffled.begin(), shuffled.end());
  EXPECT_EQ(shuffled, "abcd");
}

}  // namespace
}  // namespace superstep

// What the first tier of bsp_move reads (the runtime defines it in the library).
superstep_queue_state* superstep_queue = nullptr;
