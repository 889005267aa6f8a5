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
  // Sends of one shape (a tag and a payload of at most 16 bytes each) as a program's inline
  // bsp_send writes them: the first by the library, the others into the window it opens, one
  // run of messages with one header.
  void run_of_sends(const std::string& tag, const std::vector<std::string>& payloads) {
    static superstep_send_window window;
    const auto tag_bytes = static_cast<std::uint32_t>(tag.size());
    out.stream(0).make_room(4096);
    for (std::size_t i = 0; i < payloads.size(); ++i) {
      const std::string& p = payloads[i];
      if (i == 0) {
        ASSERT_TRUE(out.send_if_room(0, tag.data(), tag_bytes, p.data(),
                                     static_cast<std::uint32_t>(p.size())));
        superstep_send_windows = {&window, 1};
        out.open_send_window(0, window, tag_bytes, static_cast<std::uint32_t>(p.size()));
      } else {
        ASSERT_EQ(superstep_send_fits(0, tag.data(), p.data(), static_cast<int>(p.size())), 1);
      }
      ++messages;
      bytes += p.size();
    }
    out.settle(0);
    superstep_send_windows = {};
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

// Sends written as runs (one header, then each message's tag and payload) are
// visited message by message in send order, between the records around them;
// the first tier of bsp_move steps within a run and leaves the last of a run
// to the library, which steps on to the next record.
TEST(MessageQueue, RunsOfSendsAreVisitedMessageByMessage) {
  Stream s0, s1;
  s0.run_of_sends("ab", {"r0", "r1", "r2"});
  s0.put();
  s0.run_of_sends("", {"12345678", "abcdefgh"});
  s1.send("t", "plain");
  MessageQueue q;
  q.add_stream(s0.begin(), s0.end(), s0.messages, s0.bytes);
  q.add_stream(s1.begin(), s1.end(), s1.messages, s1.bytes);
  EXPECT_EQ(q.size(), 6u);
  EXPECT_EQ(q.payload_bytes(), 6u + 16 + 5);
  superstep_queue = q.state();
  char got[16];
  std::vector<std::string> seen;
  // r0 is a record of its own; r1 the first of the run.
  seen.push_back(text(q.front().tag, q.front().tag_bytes) + ":" +
                 text(q.front().payload, q.front().payload_bytes));
  q.pop();
  ASSERT_EQ(superstep_move_small(got, 16), 1);  // r1, followed in its run by r2
  seen.push_back(text(got, 2));
  EXPECT_EQ(superstep_move_small(got, 16), 0);  // r2, the last of its run
  EXPECT_EQ(text(q.front().tag, q.front().tag_bytes), "ab");
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(q.front().payload) % 8, 0u);
  while (!q.empty()) {
    MessageQueue::Message m = q.front();
    seen.push_back(text(m.tag, m.tag_bytes) + ":" + text(m.payload, m.payload_bytes));
    q.pop();
  }
  superstep_queue = nullptr;
  EXPECT_EQ(seen, (std::vector<std::string>{"ab:r0", "r1", "ab:r2", ":12345678", ":abcdefgh",
                                            "t:plain"}));
  EXPECT_EQ(q.payload_bytes(), 0u);
}

// Check mode (BSP_CHECK_ORDER): the same messages, each once, in the order
// asked, and the first tier of bsp_move never steps the cursor itself.
TEST(MessageQueue, ArrangedVisitsEveryMessageOnceInTheOrderAsked) {
  Stream s0, s1;
  s0.send("a", "0");
  s0.put();
  s0.send("b", "1");
  s1.send("c", "2");
  s1.run_of_sends("d", {"3", "4", "5"});
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
  EXPECT_EQ(drain(LegalOrder{}), "abcddd");
  EXPECT_EQ(drain(LegalOrder{LegalOrder::Kind::kReverse, 0}), "dddcba");
  std::string shuffled = drain(LegalOrder{LegalOrder::Kind::kShuffle, 9});
  EXPECT_EQ(shuffled, drain(LegalOrder{LegalOrder::Kind::kShuffle, 9}));
  std::sort(shuffled.begin(), shuffled.end());
  EXPECT_EQ(shuffled, "abcddd");
}

}  // namespace
}  // namespace superstep

// What the first tiers of bsp_move and bsp_send read (the runtime defines them in the library).
superstep_queue_state* superstep_queue = nullptr;
superstep_send_table superstep_send_windows = {nullptr, 0};
