// The core's sync protocol (src/core/sync.cpp) over a fake engine: p processes
// as threads of this test, each with its own Runtime (tests/unit/fake_engine.hpp),
// so that the semantics a sync must deliver are checked without forking:
//   puts           land in source-pid order, each source's in issue order, and a
//                  put's source is read at the call (paper §3.2, §3.3)
//   gets           read their source at the sync, before any put of the sync writes
//                  (paper §3.3), through the reply round of an engine without
//                  remote reads
//   the queue      holds the messages in source-pid order, each source's in send
//                  order, with the tag size agreed at the sync before (paper §4)
//   collectives    a sync whose processes disagree (bsp_end against bsp_sync, the
//                  number of registrations pushed) stops every process, each with
//                  the same message, found by itself at the same point
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/put_tier3.hpp"  // Runtime::put: inline, defined in the put path
#include "fake_engine.hpp"

namespace {

using superstep::Runtime;
using superstep::testing::FakeWorld;

constexpr int kProcs = 4;

// The tag's address with its object hidden from the compiler: send() copies
// tagsize() bytes, which it cannot know is the tag's size, and would warn.
const void* opaque(const void* p) {
  asm("" : "+r"(p));
  return p;
}

// Every process ended normally.
void expect_all_ended(const std::vector<std::string>& stopped) {
  for (std::size_t q = 0; q < stopped.size(); ++q) EXPECT_EQ(stopped[q], "") << "process " << q;
}

TEST(SyncProtocol, PutsLandInSourcePidOrderThenIssueOrder) {
  FakeWorld world(kProcs);
  std::vector<std::int64_t> landed(kProcs), first_of(kProcs);
  auto stopped = world.run([&](Runtime& rt) {
    std::int64_t slot[2] = {-1, -1};
    rt.push_reg(slot, sizeof slot);
    rt.sync();
    // Every process writes slot[0] of every process twice; slot[1] once, with
    // the value its source had at the call, changed right after.
    for (int dst = 0; dst < rt.nprocs(); ++dst) {
      std::int64_t value = 100 + rt.pid();
      rt.put(dst, &value, slot, 0, sizeof value, false);
      value = 200 + rt.pid();
      rt.put(dst, &value, slot, 0, sizeof value, false);
      std::int64_t first = 300 + rt.pid();
      if (dst == rt.pid()) rt.put(dst, &first, slot, sizeof first, sizeof first, false);
      first = -2;
    }
    rt.sync();
    landed[rt.pid()] = slot[0];
    first_of[rt.pid()] = slot[1];
  });
  expect_all_ended(stopped);
  for (int q = 0; q < kProcs; ++q) {
    EXPECT_EQ(landed[q], 200 + (kProcs - 1)) << "process " << q;
    EXPECT_EQ(first_of[q], 300 + q) << "process " << q;
  }
}

TEST(SyncProtocol, GetsReadTheirSourceBeforeAnyPutOfTheSyncWrites) {
  FakeWorld world(kProcs);
  std::vector<std::int64_t> got(kProcs), after(kProcs);
  auto stopped = world.run([&](Runtime& rt) {
    std::int64_t cell = 1000 + rt.pid();
    rt.push_reg(&cell, sizeof cell);
    rt.sync();
    // Read the right neighbour's cell, which that neighbour's left neighbour
    // (this process) overwrites in the same superstep.
    int right = (rt.pid() + 1) % rt.nprocs();
    std::int64_t value = -1;
    rt.get(right, &cell, 0, &value, sizeof value, false);
    std::int64_t mine = 5000 + rt.pid();
    rt.put(right, &mine, &cell, 0, sizeof mine, false);
    rt.sync();
    got[rt.pid()] = value;
    after[rt.pid()] = cell;
  });
  expect_all_ended(stopped);
  for (int q = 0; q < kProcs; ++q) {
    EXPECT_EQ(got[q], 1000 + (q + 1) % kProcs) << "process " << q;
    EXPECT_EQ(after[q], 5000 + (q + kProcs - 1) % kProcs) << "process " << q;
  }
}

TEST(SyncProtocol, QueueHoldsMessagesInSourcePidOrderThenSendOrder) {
  FakeWorld world(kProcs);
  std::vector<std::string> order(kProcs);
  auto stopped = world.run([&](Runtime& rt) {
    rt.set_tagsize(sizeof(std::int32_t));
    rt.sync();  // the tag size counts from here
    // Sent in descending pid order: the queue's order is not the order of sending.
    for (int dst = rt.nprocs() - 1; dst >= 0; --dst)
      for (std::int32_t k = 0; k < 3; ++k) {
        std::int32_t tag = rt.pid();
        std::int64_t payload = 10 * rt.pid() + k;
        rt.send(dst, opaque(&tag), &payload, sizeof payload);
      }
    rt.sync();
    std::string seen;
    EXPECT_EQ(rt.queue().size(), static_cast<std::uint64_t>(3 * rt.nprocs()));
    while (!rt.queue().empty()) {
      auto m = rt.queue().front();
      std::int32_t tag;
      std::int64_t payload;
      EXPECT_EQ(m.tag_bytes, sizeof tag);
      EXPECT_EQ(m.payload_bytes, sizeof payload);
      std::memcpy(&tag, m.tag, sizeof tag);
      std::memcpy(&payload, m.payload, sizeof payload);
      seen += std::to_string(tag) + ":" + std::to_string(payload) + " ";
      rt.queue().pop();
    }
    order[rt.pid()] = seen;
  });
  expect_all_ended(stopped);
  std::string expected;
  for (int src = 0; src < kProcs; ++src)
    for (int k = 0; k < 3; ++k)
      expected += std::to_string(src) + ":" + std::to_string(10 * src + k) + " ";
  for (int q = 0; q < kProcs; ++q) EXPECT_EQ(order[q], expected) << "process " << q;
}

// Every process stopped with the same message, found by itself (none was only
// told that another process stopped), and the message contains `what`.
void expect_collective_stop(const std::vector<std::string>& stopped, const std::string& what) {
  ASSERT_EQ(stopped.size(), static_cast<std::size_t>(kProcs));
  for (int q = 0; q < kProcs; ++q) {
    EXPECT_EQ(stopped[q], stopped[0]) << "process " << q;
    EXPECT_NE(stopped[q].find(what), std::string::npos) << "process " << q << ": " << stopped[q];
  }
}

TEST(SyncProtocol, EndAgainstSyncStopsEveryProcessWithOneMessage) {
  FakeWorld world(kProcs);
  // Process 0 goes on to bsp_end while the others call bsp_sync once more.
  auto stopped = world.run([&](Runtime& rt) {
    rt.sync();
    if (rt.pid() != 0) rt.sync();
  });
  expect_collective_stop(stopped,
                         "superstep: error in bsp_end, superstep 1: processes disagree "
                         "on how the superstep ends");
  EXPECT_NE(stopped[0].find("(process 0: bsp_end, process 1: bsp_sync, process 2: bsp_sync, "
                            "process 3: bsp_sync)"),
            std::string::npos)
      << stopped[0];
}

TEST(SyncProtocol, DifferentNumbersOfPushesStopEveryProcessWithOneMessage) {
  FakeWorld world(kProcs);
  auto stopped = world.run([&](Runtime& rt) {
    char a[8] = {}, b[8] = {};
    rt.push_reg(a, sizeof a);
    if (rt.pid() == kProcs - 1) rt.push_reg(b, sizeof b);
    rt.sync();
  });
  expect_collective_stop(stopped,
                         "superstep: error in bsp_push_reg, superstep 0: processes "
                         "pushed different numbers of registrations");
  // Every process made the same collective calls: the mismatch was found at
  // the first exchange, by all, and nobody went on.
  for (int q = 0; q < kProcs; ++q) EXPECT_EQ(world.collective_calls()[q], 1) << "process " << q;
}

// An engine without teams (the fake one has no split(), as an engine plugin
// of one's own may have none): bsp_team_begin stops every process with the
// same line, which names the engines that have teams.
TEST(SyncProtocol, TeamsOnAnEngineWithoutThemStopEveryProcessWithOneMessage) {
  FakeWorld world(kProcs);
  auto stopped = world.run([&](Runtime& rt) {
    rt.sync();
    rt.enter_team(rt.pid() % 2, 0);
  });
  expect_collective_stop(stopped,
                         "superstep: error in bsp_team_begin, superstep 1: the engine this "
                         "program runs on has no teams; run it on the shared-memory (the "
                         "default), MPI or udp engine");
}

TEST(SyncProtocol, AnEmptySuperstepIsOneCollectiveCall) {
  FakeWorld world(kProcs);
  auto stopped = world.run([&](Runtime& rt) {
    for (int i = 0; i < 5; ++i) rt.sync();
  });
  expect_all_ended(stopped);
  // Five empty syncs cost one exchange each (engine.hpp: when the OR of flags
  // is 0 the core makes no other call); bsp_end adds its exchange, its closing
  // barrier and the engine's finish().
  for (int q = 0; q < kProcs; ++q) EXPECT_EQ(world.collective_calls()[q], 5 + 3) << "process " << q;
}

TEST(SyncProtocol, AloneAnEmptySuperstepCallsNoEngineButOneWithWorkDoes) {
  FakeWorld world(1);
  std::int64_t landed = 0, slot = 0;
  int calls_after_empty = -1;
  auto stopped = world.run([&](Runtime& rt) {
    for (int i = 0; i < 5; ++i) rt.sync();  // nobody to meet, nothing to deliver
    calls_after_empty = world.collective_calls()[0];
    rt.push_reg(&slot, sizeof slot);  // a registration is agreed through the engine
    rt.sync();
    std::int64_t value = 7;
    rt.put(0, &value, &slot, 0, sizeof value, false);  // a put to itself lands at the sync
    rt.sync();
    landed = slot;
  });
  expect_all_ended(stopped);
  EXPECT_EQ(calls_after_empty, 0);
  EXPECT_EQ(landed, 7);
  // The registering sync and the put's each exchange; bsp_end its exchange, its closing
  // barrier and the engine's finish().
  EXPECT_EQ(world.collective_calls()[0], 2 + 3);
}

}  // namespace
